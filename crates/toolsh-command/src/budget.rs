//! The memory budget of one execution
//! ([`crate::ExecutionLimits::max_memory_bytes`]): the backstop behind the
//! per-buffer limits. One [`MemoryBudget`] per [`crate::Shell::exec`],
//! shared by every thread of the execution and reachable from every
//! command through [`crate::ShellAccess::memory`]; each growable buffer
//! the interpreter or a utility keeps (captured output and command
//! substitutions, variables, printf output, jq values, sort input, ...)
//! holds a [`Reservation`] sized to it, released when the buffer is.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::limits::{Interrupt, LimitKind};

/// Bytes reserved against a bound, shared by the whole execution.
#[derive(Debug)]
pub struct MemoryBudget {
    limit: usize,
    used: AtomicUsize,
    peak: AtomicUsize,
}

impl MemoryBudget {
    /// A budget of `limit` bytes.
    pub fn new(limit: usize) -> Arc<Self> {
        Arc::new(MemoryBudget {
            limit,
            used: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        })
    }

    /// A budget nothing exhausts (for shells outside an execution, such as
    /// the unit-test shell).
    pub fn unlimited() -> Arc<Self> {
        Self::new(usize::MAX)
    }

    /// The bound in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Bytes reserved now.
    pub fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    /// The most bytes reserved at once so far.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// The interrupt for a spent budget.
    pub fn exceeded(&self) -> Interrupt {
        Interrupt::limit(LimitKind::Memory, self.limit)
    }

    /// A reservation of no bytes, to be grown with the buffer it stands for.
    pub fn reservation(self: &Arc<Self>) -> Reservation {
        Reservation {
            budget: self.clone(),
            bytes: 0,
        }
    }

    /// Reserve `n` more bytes, all or nothing.
    fn take(&self, n: usize) -> Result<(), Interrupt> {
        let mut cur = self.used.load(Ordering::Relaxed);
        loop {
            let next = cur.saturating_add(n);
            if next > self.limit {
                return Err(self.exceeded());
            }
            match self
                .used
                .compare_exchange_weak(cur, next, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.peak.fetch_max(next, Ordering::Relaxed);
                    return Ok(());
                }
                Err(now) => cur = now,
            }
        }
    }

    fn give_back(&self, n: usize) {
        self.used.fetch_sub(n, Ordering::Relaxed);
    }
}

/// Bytes held against a [`MemoryBudget`] for one buffer; given back when
/// dropped.
#[derive(Debug)]
pub struct Reservation {
    budget: Arc<MemoryBudget>,
    bytes: usize,
}

impl Reservation {
    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The budget this draws on.
    pub fn budget(&self) -> &Arc<MemoryBudget> {
        &self.budget
    }

    /// Hold `n` more bytes.
    ///
    /// # Errors
    /// [`LimitKind::Memory`] when the budget cannot cover them (nothing is
    /// taken then).
    pub fn grow(&mut self, n: usize) -> Result<(), Interrupt> {
        self.budget.take(n)?;
        self.bytes += n;
        Ok(())
    }

    /// Hold exactly `n` bytes (growing or shrinking).
    ///
    /// # Errors
    /// [`LimitKind::Memory`] when growing past the budget (the
    /// reservation keeps its size then).
    pub fn resize(&mut self, n: usize) -> Result<(), Interrupt> {
        if n > self.bytes {
            self.grow(n - self.bytes)
        } else {
            self.budget.give_back(self.bytes - n);
            self.bytes = n;
            Ok(())
        }
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.budget.give_back(self.bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_share_the_bound_and_give_back_on_drop() {
        let b = MemoryBudget::new(100);
        let mut r1 = b.reservation();
        r1.grow(60).unwrap();
        let mut r2 = b.reservation();
        assert!(r2.grow(41).is_err());
        assert_eq!(r2.bytes(), 0);
        r2.resize(40).unwrap();
        assert_eq!(b.used(), 100);
        drop(r1);
        assert_eq!((b.used(), b.peak()), (40, 100));
        r2.resize(10).unwrap();
        assert_eq!(b.used(), 10);
        assert_eq!(
            r2.grow(usize::MAX).unwrap_err(),
            Interrupt::limit(LimitKind::Memory, 100)
        );
    }
}
