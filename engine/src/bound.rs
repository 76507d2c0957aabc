//! What a fail-soft alpha-beta search proves about a value: the vocabulary
//! shared by every search, its table and its split points.
//!
//! A value `v` searched in the window (`alpha`, `beta`) is an upper bound if
//! `v <= alpha` (the search failed low: the true value is at most `v`), a
//! lower bound if `v >= beta` (it failed high: at least `v`), and exact
//! otherwise.

/// Larger than any score on any board: the window of a search that knows
/// nothing yet.
pub const INF: i32 = 127;

/// A game's result for the side to move, once proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Wld {
    /// The side to move wins.
    Win,
    /// Neither side wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wld {
    /// The outcome as a word: `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Wld::Win => "win",
            Wld::Draw => "draw",
            Wld::Loss => "loss",
        }
    }

    /// The result of a final score (or of its sign).
    pub fn of_score(v: i32) -> Wld {
        match v.signum() {
            1 => Wld::Win,
            0 => Wld::Draw,
            _ => Wld::Loss,
        }
    }

    /// The result that proven bounds `lower ≤ v ≤ upper` decide (`None`
    /// where an end is unknown), if they decide one.
    pub fn of_bounds(lower: Option<i32>, upper: Option<i32>) -> Option<Wld> {
        match (lower, upper) {
            (Some(l), _) if l > 0 => Some(Wld::Win),
            (_, Some(u)) if u < 0 => Some(Wld::Loss),
            (Some(0), Some(0)) => Some(Wld::Draw),
            _ => None,
        }
    }
}

/// What bounds `lower ≤ v ≤ upper` (`None` where unknown) prove, in words:
/// "+4", "between -2 and +6", ">= +4", "<= -2", or "nothing yet".
pub fn describe_bounds(lower: Option<i32>, upper: Option<i32>) -> String {
    match (lower, upper) {
        (Some(l), Some(u)) if l == u => format!("{l:+}"),
        (Some(l), Some(u)) => format!("between {l:+} and {u:+}"),
        (Some(l), None) => format!(">= {l:+}"),
        (None, Some(u)) => format!("<= {u:+}"),
        (None, None) => "nothing yet".to_string(),
    }
}

impl std::fmt::Display for Wld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which side of the true value a searched value lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// Failed low: the true value is at most this.
    Upper,
    /// Inside the window: the true value.
    Exact,
    /// Failed high: the true value is at least this.
    Lower,
}

impl Bound {
    /// The bound a fail-soft search of (`alpha`, `beta`) proves with `v`.
    #[inline(always)]
    pub fn of(v: i32, alpha: i32, beta: i32) -> Bound {
        if v <= alpha {
            Bound::Upper
        } else if v >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// A searched value with what it proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The value the search returned.
    pub value: i32,
    /// What the value proves against the window it was searched in.
    pub bound: Bound,
}

impl Scored {
    /// A value returned for the window (`alpha`, `beta`), with what it proves.
    #[inline(always)]
    pub fn new(value: i32, alpha: i32, beta: i32) -> Scored {
        Scored { value, bound: Bound::of(value, alpha, beta) }
    }

    /// Whether the move that gave this value can be a node's best move: its
    /// value is known (exact) or refutes the node (fail-high). A fail-low
    /// bound equal to another move's exact value says only "at most that":
    /// the move may be worse, so it never becomes the best move.
    #[inline(always)]
    pub fn can_be_best(self) -> bool {
        self.bound != Bound::Upper
    }
}

/// The fail-soft step after a move's value `v`: keeps the best value, raises
/// `alpha`, and says whether the window closed (a cutoff).
#[inline(always)]
pub fn raise(best: &mut i32, alpha: &mut i32, v: i32, beta: i32) -> bool {
    if v > *best {
        *best = v;
        if v > *alpha {
            *alpha = v;
            return *alpha >= beta;
        }
    }
    false
}

/// The bounds a fail-soft search proves: a value at or below the window's
/// floor `alpha` is an upper bound, at or above `beta` a lower bound, and
/// inside it exact; each narrows what the table already knew (`lower`,
/// `upper`). Never inverted: a new bound that contradicts an old one (a
/// search at another depth or selectivity, or a race between threads)
/// replaces it rather than crossing it.
#[inline(always)]
pub fn proven_bounds(best: i32, alpha: i32, beta: i32, lower: i32, upper: i32) -> (i32, i32) {
    match Bound::of(best, alpha, beta) {
        Bound::Upper => (lower.min(best), best.min(upper)),
        Bound::Lower => (best.max(lower), upper.max(best)),
        Bound::Exact => (best, best),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_a_window() {
        assert_eq!(Bound::of(3, 3, 5), Bound::Upper);
        assert_eq!(Bound::of(4, 3, 5), Bound::Exact);
        assert_eq!(Bound::of(5, 3, 5), Bound::Lower);
        assert!(!Scored::new(3, 3, 5).can_be_best());
        assert!(Scored::new(4, 3, 5).can_be_best() && Scored::new(9, 3, 5).can_be_best());
    }

    #[test]
    fn merged_bounds_are_never_inverted() {
        // The old code kept (lower, min(upper, best)): an old lower bound of
        // 10 and a new fail-low at 4 stored lower 10 > upper 4.
        for (old_lo, old_hi) in [(10, 20), (-20, -10), (0, 0), (-64, 64)] {
            for best in -30..30 {
                for (a, b) in [(-5, 5), (9, 11), (-12, -8), (best - 1, best + 1)] {
                    let (lo, hi) = proven_bounds(best, a, b, old_lo, old_hi);
                    assert!(lo <= hi, "old ({old_lo},{old_hi}) best {best} window ({a},{b}) gave ({lo},{hi})");
                    match Bound::of(best, a, b) {
                        Bound::Upper => assert_eq!(hi, best.min(old_hi).max(lo)),
                        Bound::Lower => assert_eq!(lo, best.max(old_lo).min(hi)),
                        Bound::Exact => assert_eq!((lo, hi), (best, best)),
                    }
                }
            }
        }
    }

    #[test]
    fn results_of_scores_and_bounds() {
        assert_eq!(Wld::of_score(12), Wld::Win);
        assert_eq!(Wld::of_score(0), Wld::Draw);
        assert_eq!(Wld::of_score(-2), Wld::Loss);
        assert_eq!(Wld::of_bounds(Some(2), None), Some(Wld::Win));
        assert_eq!(Wld::of_bounds(None, Some(-2)), Some(Wld::Loss));
        assert_eq!(Wld::of_bounds(Some(0), Some(0)), Some(Wld::Draw));
        assert_eq!(Wld::of_bounds(Some(0), Some(4)), None);
        assert_eq!(Wld::of_bounds(None, None), None);
    }
}
