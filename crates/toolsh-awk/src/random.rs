//! `rand()` and `srand()`: a BSD `random()`-style additive feedback
//! generator (63-word table seeded by Park and Miller's generator), two
//! draws per `rand()` as gawk does. The sequence for a seed is fixed, but
//! it is not gawk's (documented in docs/compatibility.md).

/// Degree and separation of the additive feedback table (BSD TYPE_4).
const DEG: usize = 63;
const SEP: usize = 1;

/// The generator state.
#[derive(Debug, Clone)]
pub struct Random {
    state: [u32; DEG],
    f: usize,
    r: usize,
    /// The seed last given to `srand` (gawk starts with 1).
    pub seed: f64,
}

impl Random {
    /// A generator seeded as gawk seeds it before the first `rand()`.
    pub fn new() -> Self {
        let mut r = Self {
            state: [0; DEG],
            f: SEP,
            r: 0,
            seed: 1.0,
        };
        r.srandom(1);
        r
    }

    /// Reseed (`srandom`).
    pub fn srandom(&mut self, seed: u32) {
        self.state[0] = seed;
        for i in 1..DEG {
            self.state[i] = good_rand(self.state[i - 1]);
        }
        self.f = SEP;
        self.r = 0;
        for _ in 0..10 * DEG {
            self.next_u31();
        }
    }

    /// `random()`: 31 random bits.
    fn next_u31(&mut self) -> u32 {
        self.state[self.f] = self.state[self.f].wrapping_add(self.state[self.r]);
        let out = (self.state[self.f] >> 1) & 0x7fff_ffff;
        self.f += 1;
        if self.f >= DEG {
            self.f = 0;
            self.r += 1;
        } else {
            self.r += 1;
            if self.r >= DEG {
                self.r = 0;
            }
        }
        out
    }

    /// `rand()`: a number in [0, 1), from two `random()` calls as gawk does.
    pub fn rand(&mut self) -> f64 {
        const DIV: f64 = 2_147_483_648.0;
        loop {
            let d1 = f64::from(self.next_u31());
            let d2 = f64::from(self.next_u31());
            let mut t = 0.5 + ((d1 / DIV + d2) / DIV);
            t -= 0.5;
            if t != 1.0 {
                return t;
            }
        }
    }
}

impl Default for Random {
    fn default() -> Self {
        Self::new()
    }
}

/// Park and Miller's minimal standard generator, as BSD `srandom` uses to
/// fill the table.
fn good_rand(x: u32) -> u32 {
    let mut x = i64::from(x as i32);
    if x == 0 {
        x = 123_459_876;
    }
    let hi = x / 127_773;
    let lo = x % 127_773;
    x = 16_807 * lo - 2_836 * hi;
    if x < 0 {
        x += 0x7fff_ffff;
    }
    x as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_per_seed_and_in_range() {
        let mut a = Random::new();
        let mut b = Random::new();
        for _ in 0..1000 {
            let x = a.rand();
            assert!((0.0..1.0).contains(&x));
            assert_eq!(x.to_bits(), b.rand().to_bits());
        }
        a.srandom(42);
        b.srandom(42);
        assert_eq!(a.rand().to_bits(), b.rand().to_bits());
        b.srandom(43);
        assert_ne!(a.rand().to_bits(), b.rand().to_bits());
    }
}
