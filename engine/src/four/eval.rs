//! Score Four's evaluations, from the side to move's view, in points. Three,
//! chosen at compile time by the search:
//! - [`PaperEval`]: paper 003's, exactly: over the 76 lines, 4/16/64/10000
//!   points for 1/2/3/4 stones of one's own on a line the opponent has not
//!   touched, the same negative for the opponent's, corrected by the mean
//!   value `M_m` at move number `m` measured from games (the raw value
//!   swings with whose turn it is, since a stone never lowers it for its
//!   owner).
//! - [`ThreatEval`]: ours, as Connect Four programs think: the same line
//!   counts, plus the threats (an empty cell that completes three stones)
//!   judged under gravity: a threat the side to move can play now wins; two
//!   such threats of the opponent cannot both be blocked; a threat above an
//!   empty cell is worth most on the heights its owner will get if the
//!   other side answers every stone on the same peg (Black the first and
//!   third, White the second and fourth), and a threat right above another
//!   of the same side's cannot be stopped.
//! - [`ForcedEval`]: Yomi's predictor for the statistical cut: paper 003's
//!   corrected line points after the forced line is played out.

use serde::Serialize;

use crate::error::Error;
use crate::four::board::{legal, threats, LINES};

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EvalKind {
    /// Paper 003's line points, corrected by move number.
    Paper,
    /// Ours: lines and threats under gravity.
    #[default]
    Threat,
    /// Paper 003's line points after the forced line ([`ForcedEval`]).
    Forced,
}

impl EvalKind {
    /// The evaluation's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Paper => "paper",
            EvalKind::Threat => "threat",
            EvalKind::Forced => "forced",
        }
    }

    /// Reads an evaluation name; an error names the choices.
    pub fn parse(s: &str) -> Result<EvalKind, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "paper" => Ok(EvalKind::Paper),
            "threat" | "threats" | "ours" => Ok(EvalKind::Threat),
            "forced" => Ok(EvalKind::Forced),
            _ => Err(Error::BadArgument(format!("evaluation '{s}' is unknown; expected paper, threat or forced"))),
        }
    }
}

/// A sure win for the side to move (it plays its threat now) short of the
/// search's proven values.
pub const WIN_NOW: i32 = 20000;
/// No evaluation goes beyond this; proven wins are above it.
pub const EVAL_MAX: i32 = 25000;

/// An evaluation for the search.
pub trait Evaluate: Clone + Send + Sync {
    /// A name for the command line and the table seed.
    const NAME: &'static str;
    /// Whether the value is corrected by paper 003's mean by move number
    /// (`M_m`, measured with the calibration).
    const CORRECTED: bool = false;
    /// Whether the statistical cut also stands in for searches whose
    /// window is a proven result (a win or loss in so many plies). The
    /// statistics measure heuristic values only, so a prediction cannot
    /// say how soon a win comes: Yomi's predictor leaves those searches
    /// whole (a faster win found, a loss delayed); paper 003's search has
    /// no such values (it plays on past a four), and its configuration
    /// cuts everywhere as the paper did.
    const CUTS_PROVEN_WINDOWS: bool = true;
    /// The value of (`p`, `o`) for `p`, the side to move (no line on the
    /// board yet).
    fn eval(&self, p: u64, o: u64) -> i32;
    /// Positions whose static value this evaluation does not trust enough
    /// for the statistical cut (none for paper 003's, which cuts
    /// everywhere).
    #[inline(always)]
    fn volatile(&self, _p: u64, _o: u64) -> bool {
        false
    }
}

/// The heights Black takes when White answers on the same peg (z = 0, 2),
/// and White's (z = 1, 3).
const BLACK_ROWS: u64 = 0x0000_FFFF_0000_FFFF;
const WHITE_ROWS: u64 = !BLACK_ROWS;

/// Paper 003's line points by stones on a line, for one side.
const PAPER_POINTS: [i32; 5] = [0, 4, 16, 64, 10000];

/// `points` as a table by (own stones, opponent's stones) on a line: the
/// owner's points on a line the other has not touched, nothing on a shared
/// line. One load per line, no branch.
const fn line_table(points: &[i32; 5]) -> [i32; 25] {
    let mut t = [0; 25];
    let mut a = 0;
    while a < 5 {
        let mut b = 0;
        while b < 5 {
            t[a * 5 + b] = if b == 0 { points[a] } else if a == 0 { -points[b] } else { 0 };
            b += 1;
        }
        a += 1;
    }
    t
}

const PAPER_TABLE: [i32; 25] = line_table(&PAPER_POINTS);

/// The sum over lines of the table's points, `p`'s view.
#[inline(always)]
fn line_sum(p: u64, o: u64, table: &[i32; 25]) -> i32 {
    let mut v = 0;
    for &l in &LINES {
        v += table[((l & p).count_ones() * 5 + (l & o).count_ones()) as usize];
    }
    v
}

/// Paper 003's evaluation with its correction by move number.
#[derive(Clone, Debug, PartialEq)]
pub struct PaperEval {
    /// `M_m`: the mean raw value at move number m (stones on the board).
    pub mean: [i32; 65],
}

impl PaperEval {
    /// Without correction (what the correction itself is measured with).
    pub fn raw() -> PaperEval {
        PaperEval { mean: [0; 65] }
    }

    /// The paper's raw value t(q), before the correction.
    pub fn raw_value(p: u64, o: u64) -> i32 {
        line_sum(p, o, &PAPER_TABLE)
    }
}

impl Evaluate for PaperEval {
    const NAME: &'static str = "paper";
    const CORRECTED: bool = true;

    #[inline]
    fn eval(&self, p: u64, o: u64) -> i32 {
        let m = (p | o).count_ones() as usize;
        (line_sum(p, o, &PAPER_TABLE) - self.mean[m]).clamp(-EVAL_MAX, EVAL_MAX)
    }
}

/// Yomi's predictor for paper 003's cut: the paper's corrected line points,
/// valued after the forced line. A threat the side to move can play wins;
/// two threats of the opponent's it could play, or one whose block lifts
/// the peg to another, lose; a single one is blocked, and the position
/// after the block is valued in its place. The line count alone misjudges
/// these positions most, and they are what widens the spread the cut is
/// measured by (MEASUREMENTS.md, 2026-11-28).
#[derive(Clone, Debug, PartialEq)]
pub struct ForcedEval {
    /// `M_m`: the mean raw paper value at move number m, as [`PaperEval`]'s.
    pub mean: [i32; 65],
}

/// The longest forced line played out (blocks by either side): longer
/// lines are rare and the static value then stands.
const FORCED_PLIES: u32 = 8;

impl ForcedEval {
    fn value(&self, p: u64, o: u64, plies: u32) -> i32 {
        let occ = p | o;
        let playable = legal(occ);
        if threats(p, o) & playable != 0 {
            return WIN_NOW;
        }
        let to = threats(o, p);
        let forced = to & playable;
        if forced.count_ones() >= 2 || (forced << 16) & to != 0 {
            return -WIN_NOW;
        }
        if forced != 0 && plies > 0 {
            return -self.value(o, p | forced, plies - 1);
        }
        line_sum(p, o, &PAPER_TABLE) - self.mean[occ.count_ones() as usize]
    }
}

impl Evaluate for ForcedEval {
    const NAME: &'static str = "forced";
    const CORRECTED: bool = true;
    const CUTS_PROVEN_WINDOWS: bool = false;

    #[inline]
    fn eval(&self, p: u64, o: u64) -> i32 {
        self.value(p, o, FORCED_PLIES).clamp(-EVAL_MAX, EVAL_MAX)
    }
}

/// Ours: lines and threats under gravity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ThreatEval;

/// Line points for 1, 2, 3 stones (three-stone lines are scored again as
/// threats below).
const LINE_TABLE: [i32; 25] = line_table(&[0, 1, 4, 12, 0]);
/// A threat on its owner's heights, on the other's, and the bonus for one
/// right above another threat of the same side.
const GOOD_THREAT: i32 = 60;
const OTHER_THREAT: i32 = 25;
const STACKED: i32 = 120;
/// The opponent's single threat that the side to move must block now,
/// when blocking it puts a stone under another threat of the opponent.
const FATAL_BLOCK: i32 = WIN_NOW / 2;

impl ThreatEval {
    /// One side's threats above empty cells: by height parity, and stacked.
    #[inline(always)]
    fn later_threats(t: u64, rows: u64, playable: u64) -> i32 {
        let later = t & !playable;
        let good = (later & rows).count_ones() as i32;
        let other = (later & !rows).count_ones() as i32;
        let stacked = (t & (t >> 16)).count_ones() as i32;
        good * GOOD_THREAT + other * OTHER_THREAT + stacked * STACKED
    }
}

impl Evaluate for ThreatEval {
    const NAME: &'static str = "threat";

    #[inline]
    fn eval(&self, p: u64, o: u64) -> i32 {
        let occ = p | o;
        let playable = legal(occ);
        let tp = threats(p, o);
        if tp & playable != 0 {
            return WIN_NOW;
        }
        let to = threats(o, p);
        let forced = to & playable;
        if forced.count_ones() >= 2 {
            return -WIN_NOW;
        }
        let black_to_move = occ.count_ones().is_multiple_of(2);
        let (mine, theirs) = if black_to_move { (BLACK_ROWS, WHITE_ROWS) } else { (WHITE_ROWS, BLACK_ROWS) };
        let mut v = line_sum(p, o, &LINE_TABLE) + Self::later_threats(tp, mine, playable) - Self::later_threats(to, theirs, playable);
        if forced != 0 && (forced << 16) & to != 0 {
            // The block lifts the peg to another threat of the opponent's.
            v -= FATAL_BLOCK;
        }
        v.clamp(-EVAL_MAX, EVAL_MAX)
    }

    /// A threat of either side anywhere on the board: the game turns on
    /// it, and a search can swing the value far beyond the spread the
    /// statistics measured in quiet positions. (Counting only threats a
    /// ply or two from playable cut more but kept 89-92 % of the moves at
    /// every margin: the higher threats decide games too.)
    #[inline(always)]
    fn volatile(&self, p: u64, o: u64) -> bool {
        threats(p, o) | threats(o, p) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::four::board::{has_four, Board, Outcome};
    use crate::four::notation::Game;
    use crate::rng::Rng;

    fn side_relative(record: &str) -> (u64, u64) {
        let b = Game::parse(record).unwrap().board();
        (b.player(), b.opponent())
    }

    #[test]
    fn paper_points_by_line() {
        // One black stone in a corner of the bottom layer: 7 lines with 1
        // stone each, 4 points each, for Black; White is to move.
        let (p, o) = side_relative("a1");
        assert_eq!(PaperEval::raw_value(p, o), -28);
        assert_eq!(PaperEval::raw_value(o, p), 28);
        // Black a1, b1 (bottom row), White d4 twice (a pillar). Black: the
        // row holds 2 (16), a1's other lines 4 each except the bottom
        // diagonal a1-d4, which White shares (5 x 4), b1's other 3 lines
        // (12): 48. White: the pillar 2 (16), the corner's other lines but
        // that diagonal (5 x 4), the upper stone's other 3 (12): 48.
        let (p, o) = side_relative("a1d4b1d4");
        assert_eq!((p, o), (0b11, 1u64 << 15 | 1u64 << 31));
        assert_eq!(PaperEval::raw_value(p, o), 0);
        let (p, o) = side_relative("a1d4b1");
        // White to move; Black as above (48), White one stone: 6 x 4.
        assert_eq!(PaperEval::raw_value(o, p), 48 - 24);
        let (black_points, white_points) = (48, 24);
        let corrected = PaperEval { mean: [5; 65] };
        assert_eq!(corrected.eval(o, p), black_points - white_points - 5);
        assert_eq!(corrected.eval(p, o), white_points - black_points - 5);
    }

    /// The forced line played out by the rules, cell by cell: what
    /// [`ForcedEval`]'s threat masks must agree with.
    fn forced_reference(e: &ForcedEval, p: u64, o: u64, plies: u32) -> i32 {
        let cells = |occ: u64| (0..64).map(|i| 1u64 << i).filter(move |&c| legal(occ) & c != 0);
        let occ = p | o;
        if cells(occ).any(|c| has_four(p | c)) {
            return WIN_NOW;
        }
        let blocks: Vec<u64> = cells(occ).filter(|&c| has_four(o | c)).collect();
        match blocks[..] {
            [] => PaperEval { mean: e.mean }.eval(p, o),
            [c] if cells(occ | c).any(|d| has_four(o | d)) => -WIN_NOW,
            [c] if plies > 0 => -forced_reference(e, o, p | c, plies - 1),
            [_] => PaperEval { mean: e.mean }.eval(p, o),
            _ => -WIN_NOW,
        }
    }

    #[test]
    fn the_forced_line_matches_the_rules_played_out() {
        let mut mean = [0; 65];
        for (m, v) in mean.iter_mut().enumerate() {
            *v = if m % 2 == 1 { -45 } else { -3 };
        }
        let e = ForcedEval { mean };
        let mut rng = Rng::new(5);
        let (mut positions, mut forced, mut sure) = (0, 0, 0);
        for _ in 0..600 {
            let mut b = Board::EMPTY;
            while b.outcome() == Outcome::Playing {
                let (p, o) = (b.player(), b.opponent());
                let v = e.eval(p, o);
                assert_eq!(v, forced_reference(&e, p, o, FORCED_PLIES), "{b:?}");
                positions += 1;
                forced += (threats(o, p) & legal(p | o) != 0) as u32;
                sure += (v.abs() == WIN_NOW) as u32;
                let pegs = b.legal_pegs();
                b = b.play(pegs[rng.below(pegs.len() as u64) as usize]).unwrap();
            }
        }
        // The random games reach every case many times over.
        assert!(positions > 15_000 && forced > 5_000 && sure > 5_000, "{positions} {forced} {sure}");
    }

    #[test]
    fn threats_decide_the_sure_cases() {
        // Black a1 b1 c1 on the bottom row, d1 open: Black to move wins.
        let (p, o) = side_relative("a1a2b1b2c1a3");
        assert_eq!(ThreatEval.eval(p, o), WIN_NOW);
        // White to move facing the same threat only: it must block.
        let (p, o) = side_relative("a1a2b1b2c1");
        assert!(ThreatEval.eval(p, o) < 0);
    }
}
