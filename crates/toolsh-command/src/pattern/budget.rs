//! The work budget of pattern matching: a step count with a cap, and a
//! periodic call to the shell's checkpoint (deadline and cancellation).

use crate::limits::{Interrupt, LimitKind};

/// Steps between two calls to the checkpoint: about 10-50 microseconds of
/// matching, far below the deadline's millisecond resolution.
const CHECK_EVERY: u64 = 1 << 14;

/// The shell's checkpoint: `Err` stops the match with that interrupt.
pub type Checkpoint<'a> = dyn FnMut() -> Result<(), Interrupt> + Send + 'a;

/// How much work one pattern operation (a `[[ == ]]` test, a `case` arm,
/// one `${x//p/r}`, one name in pathname expansion, one `find -name`
/// test) may do.
///
/// A step is one 64-bit word of a position set processed or one character
/// tested, with a few steps more for each set allocated or memo lookup: a
/// few nanoseconds. After [`Budget::new`]'s `max_steps` the
/// match stops with [`LimitKind::PatternSteps`]; every few thousand steps
/// it calls the checkpoint given with [`Budget::with_checkpoint`] (the
/// interpreter's deadline and cancellation check) and stops with its
/// interrupt. Matching is polynomial, so the budget only matters for
/// pathological patterns (`*(*(a|b)c)` on long texts).
pub struct Budget<'a> {
    max_steps: u64,
    spent: u64,
    next_check: u64,
    check: Option<&'a mut Checkpoint<'a>>,
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("max_steps", &self.max_steps)
            .field("spent", &self.spent)
            .field("checkpoint", &self.check.is_some())
            .finish()
    }
}

impl<'a> Budget<'a> {
    /// A budget of `max_steps` steps and no checkpoint.
    pub fn new(max_steps: u64) -> Budget<'a> {
        Budget {
            max_steps,
            spent: 0,
            next_check: CHECK_EVERY,
            check: None,
        }
    }

    /// The same budget, calling `check` every few thousand steps and
    /// stopping with its error.
    #[must_use]
    pub fn with_checkpoint(mut self, check: &'a mut Checkpoint<'a>) -> Budget<'a> {
        self.check = Some(check);
        self
    }

    /// Steps spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Count `steps`.
    ///
    /// # Errors
    /// [`LimitKind::PatternSteps`] past the cap; the checkpoint's error.
    pub fn spend(&mut self, steps: usize) -> Result<(), Interrupt> {
        self.spent = self.spent.saturating_add(steps as u64);
        if self.spent > self.max_steps {
            return Err(Interrupt::limit(LimitKind::PatternSteps, self.max_steps));
        }
        if self.spent >= self.next_check {
            self.next_check = self.spent.saturating_add(CHECK_EVERY);
            if let Some(check) = self.check.as_mut() {
                check()?;
            }
        }
        Ok(())
    }
}
