//! A game reviewed move by move: what each move lost against the best move
//! of its position, valued by a search at a chosen level (exact from a
//! chosen number of empties), each move graded by its loss ([`Grade`]), and
//! the losses summed per player with an accuracy figure. What `yomi
//! analyse` prints as text, JSON or a graph, and what the browser's analysis
//! grades by (its searches return the same [`Grade`]).

use crate::play::level::Level;
use crate::play::search::{search, Kind, SearchOptions, SearchResult};
use crate::rules::game::{Game, Move};
use crate::rules::position::{Color, Scoring, Status};
use crate::rules::square::Square;
use crate::search::tt::TranspositionTable;

/// A move's grade by what it lost against the best move, the same rule for
/// exact values and estimates (a search's noise is a disc or two, below the
/// first grade that counts against a player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// Lost under 1 disc (exactly: none).
    Best,
    /// Lost 1 to under 3 discs.
    Good,
    /// Lost 3 to under 6 discs.
    Inaccuracy,
    /// Lost 6 to under 12 discs: marked on the graph and counted.
    Mistake,
    /// Lost 12 discs or more, or a win or draw turned into a loss.
    Blunder,
}

impl Grade {
    /// Every grade with the least loss (discs) it starts at, best first.
    pub const FROM: [(Grade, f64); 5] =
        [(Grade::Best, 0.0), (Grade::Good, 1.0), (Grade::Inaccuracy, 3.0), (Grade::Mistake, 6.0), (Grade::Blunder, 12.0)];

    /// The grade of a loss in discs.
    pub fn of_loss(loss: f64) -> Grade {
        Grade::FROM.iter().rev().find(|(_, from)| loss >= *from).map_or(Grade::Best, |&(g, _)| g)
    }

    /// The grade of a move valued `value` where the best is `best`, both
    /// of a search of `kind`. Win/draw/loss values know no margin: keeping
    /// the result is best, a win turned into a draw or a draw into a loss
    /// a mistake, a win into a loss a blunder.
    pub fn of(best: f64, value: f64, kind: Kind) -> Grade {
        match kind {
            Kind::Wld => match best - value {
                d if d >= 2.0 => Grade::Blunder,
                d if d >= 1.0 => Grade::Mistake,
                _ => Grade::Best,
            },
            Kind::Midgame | Kind::Exact | Kind::Book => Grade::of_loss((best - value).max(0.0)),
        }
    }

    /// Its name: best, good, inaccuracy, mistake, blunder.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }

    /// Counts against the player: a mistake or a blunder.
    pub fn is_mistake(self) -> bool {
        self >= Grade::Mistake
    }

    /// The grade of a name ([`Grade::name`]).
    pub fn parse(name: &str) -> Option<Grade> {
        Grade::FROM.iter().map(|&(g, _)| g).find(|g| g.name() == name)
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// 1 for the game's first move; passes are not reviewed but counted.
    pub number: usize,
    /// Who played it.
    pub player: Color,
    /// The square played.
    pub played: Square,
    /// The best move found and its value for the mover, in discs.
    pub best: Square,
    /// The best move's value for the mover.
    pub best_value: f64,
    /// What the move played is worth for the mover, in discs.
    pub value: f64,
    /// `best_value − value`: what the move gave away (0 for a best move).
    pub loss: f64,
    /// The value for Black after the move played (the graph's line).
    pub black_value: f64,
    /// Exact (a solve) or an estimate (a midgame search).
    pub exact: bool,
    /// Its grade by its loss.
    pub grade: Grade,
}

impl MoveReview {
    /// A loss that counts against the player ([`Grade::is_mistake`]).
    pub fn is_mistake(&self) -> bool {
        self.grade.is_mistake()
    }
}

/// One player's sum over a game (or over many).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PlayerSum {
    /// Moves reviewed.
    pub moves: usize,
    /// Of them, mistakes.
    pub mistakes: usize,
    /// Discs given away in all.
    pub lost: f64,
    /// Of them, given away by the mistakes.
    pub mistake_loss: f64,
    /// Moves of each grade, best first (as [`Grade::FROM`]).
    pub grades: [usize; 5],
}

impl PlayerSum {
    /// Counts one move.
    pub fn add(&mut self, r: &MoveReview) {
        self.add_graded(r.grade, r.loss);
    }

    /// Counts one move of `grade` that gave away `loss` discs.
    pub fn add_graded(&mut self, grade: Grade, loss: f64) {
        self.moves += 1;
        self.lost += loss;
        if grade.is_mistake() {
            self.mistakes += 1;
            self.mistake_loss += loss;
        }
        self.grades[grade as usize] += 1;
    }

    /// Adds another sum (the same player's in another game).
    pub fn merge(&mut self, other: &PlayerSum) {
        self.moves += other.moves;
        self.mistakes += other.mistakes;
        self.lost += other.lost;
        self.mistake_loss += other.mistake_loss;
        for (g, n) in self.grades.iter_mut().zip(other.grades) {
            *g += n;
        }
    }

    /// The share of moves graded best or good, in per cent.
    pub fn accuracy(&self) -> f64 {
        if self.moves == 0 {
            100.0
        } else {
            100.0 * (self.grades[Grade::Best as usize] + self.grades[Grade::Good as usize]) as f64 / self.moves as f64
        }
    }

    /// Discs given away per move.
    pub fn mean_loss(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.lost / self.moves as f64
        }
    }
}

/// What a move lost against the best of a search of every move (the
/// played move's value is the best's if the search did not value it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// The best move found.
    pub best: Square,
    /// Its value for the mover, in discs (±1/0 for win/draw/loss).
    pub best_value: f64,
    /// The played move's value for the mover.
    pub value: f64,
    /// `best_value − value`, at least 0.
    pub loss: f64,
    /// The grade of the loss.
    pub grade: Grade,
}

/// Judges `played` by `r`, a search of every move of its position: the
/// one rule the command line's review and the browser's analysis share.
pub fn judge(r: &SearchResult, played: Square) -> Judgement {
    let (best, best_value) = r.moves.first().copied().unwrap_or((played, r.score));
    let value = r.moves.iter().find(|(s, _)| *s == played).map_or(best_value, |&(_, v)| v);
    Judgement { best, best_value, value, loss: (best_value - value).max(0.0), grade: Grade::of(best_value, value, r.kind) }
}

/// Reviews every move of `game` at `level`, solving exactly from `exact`
/// empties (at most the level's own win/draw/loss bound is raised to it),
/// with the table `tt`, on the current rayon pool. `progress(done, all)`
/// after each move. The book is not asked: it knows its own moves best.
pub fn review(game: &Game, level: Level, exact: u32, tt: &TranspositionTable, progress: &mut dyn FnMut(usize, usize)) -> Vec<MoveReview> {
    let level = Level { perfect: exact, wld: exact, book: None, ..level };
    let opts = SearchOptions { all_moves: true, ..SearchOptions::new(level, Scoring::World) };
    let plays: Vec<(usize, Square)> =
        game.moves().iter().enumerate().filter_map(|(i, m)| if let Move::Play(sq) = m { Some((i, *sq)) } else { None }).collect();
    let mut out = Vec::with_capacity(plays.len());
    for (done, &(i, played)) in plays.iter().enumerate() {
        let pos = game.positions()[i];
        debug_assert_eq!(pos.status(), Status::Move);
        let r = search(&pos, tt, &opts, None, &mut |_| {});
        let Judgement { best, best_value, value, loss, grade } = judge(&r, played);
        let player = pos.to_move();
        out.push(MoveReview {
            number: i + 1,
            player,
            played,
            best,
            best_value,
            value,
            loss,
            black_value: if player == Color::Black { value } else { -value },
            exact: matches!(r.kind, Kind::Exact),
            grade,
        });
        progress(done + 1, plays.len());
    }
    out
}

/// Each player's sum over `reviews`: Black's, then White's.
pub fn sums(reviews: &[MoveReview]) -> (PlayerSum, PlayerSum) {
    let (mut black, mut white) = (PlayerSum::default(), PlayerSum::default());
    for r in reviews {
        match r.player {
            Color::Black => black.add(r),
            Color::White => white.add(r),
        }
    }
    (black, white)
}

/// The score graph as SVG: Black's value after each move (above the middle
/// line Black leads), each mistake a red dot titled with its move and loss.
pub fn svg(reviews: &[MoveReview], size: crate::rules::geometry::BoardSize, title: &str) -> String {
    const W: f64 = 640.0;
    const H: f64 = 240.0;
    const PAD: f64 = 32.0;
    let last = reviews.last().map_or(1, |r| r.number).max(1) as f64;
    let top = reviews.iter().map(|r| r.black_value.abs()).fold(8.0f64, f64::max).ceil();
    let x = |n: usize| PAD + (n as f64 / last) * (W - 2.0 * PAD);
    let y = |v: f64| H / 2.0 - v.clamp(-top, top) / top * (H / 2.0 - PAD);
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\" aria-label=\"{}\">\n",
        esc(title)
    );
    s += &format!("<title>{}</title>\n<rect width=\"{W}\" height=\"{H}\" fill=\"#ffffff\"/>\n", esc(title));
    s += &format!("<line x1=\"{PAD}\" y1=\"{m}\" x2=\"{}\" y2=\"{m}\" stroke=\"#888888\" stroke-dasharray=\"4 4\"/>\n", W - PAD, m = H / 2.0);
    s += &format!("<text x=\"4\" y=\"{}\" font-size=\"11\" fill=\"#333333\">+{top}</text>\n", PAD + 4.0);
    s += &format!("<text x=\"4\" y=\"{}\" font-size=\"11\" fill=\"#333333\">-{top}</text>\n", H - PAD);
    s += &format!("<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#333333\">move</text>\n", W - PAD - 24.0, H - 8.0);
    let points: Vec<String> = reviews.iter().map(|r| format!("{:.1},{:.1}", x(r.number), y(r.black_value))).collect();
    s += &format!("<polyline class=\"score\" fill=\"none\" stroke=\"#1f4e8c\" stroke-width=\"2\" points=\"{}\"/>\n", points.join(" "));
    for r in reviews.iter().filter(|r| r.is_mistake()) {
        s += &format!(
            "<circle class=\"mistake\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"#c0392b\"><title>{} {}: {} lost {:.1} (best {})</title></circle>\n",
            x(r.number),
            y(r.black_value),
            r.number,
            r.player.name(),
            r.played.name(size),
            r.loss,
            r.best.name(size)
        );
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardSize;
    use crate::rules::position::{Position, Start};

    #[test]
    fn exact_losses_match_every_moves_solved_value() {
        // A 4x4 game solved throughout: each loss is the solver's best
        // value minus the played move's.
        let start = Position::start(BoardSize::new(4, 4).unwrap(), Start::Othello);
        // Every move the lowest legal square, passes where forced, to the end.
        let mut game = Game::new(start);
        while !game.is_over() {
            match crate::rules::movegen::Squares(game.current().legal_moves()).next() {
                Some(i) => game.play(Square::of_bit(i)).unwrap(),
                None => game.pass().unwrap(),
            }
        }
        let tt = TranspositionTable::with_mib(1);
        let mut calls = 0;
        let reviews = review(&game, crate::play::level::LEVELS[1], 16, &tt, &mut |_, _| calls += 1);
        assert_eq!(reviews.len(), calls);
        for r in &reviews {
            assert!(r.exact && r.loss >= 0.0 && r.best_value >= r.value);
            let pos = game.positions()[r.number - 1];
            let sol = crate::solver::solve::solve(
                &pos.play(r.played).unwrap(),
                &tt,
                crate::solver::solve::SolveOptions::default(),
                None,
            );
            assert_eq!(r.value, -(sol.score as f64), "move {}", r.number);
        }
        let (b, w) = sums(&reviews);
        assert_eq!(b.moves + w.moves, reviews.len());
        for (sum, colour) in [(&b, Color::Black), (&w, Color::White)] {
            let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.player == colour).collect();
            assert_eq!(sum.grades.iter().sum::<usize>(), mine.len());
            assert!(mine.iter().all(|r| r.grade == Grade::of_loss(r.loss)), "exact values grade by their loss");
            let good = mine.iter().filter(|r| r.loss < 3.0).count();
            assert!((sum.accuracy() - 100.0 * good as f64 / mine.len() as f64).abs() < 1e-9);
        }
        let svg = svg(&reviews, BoardSize::new(4, 4).unwrap(), "a <test>");
        assert!(svg.starts_with("<svg") && svg.contains("a &lt;test&gt;") && svg.contains("polyline"));
    }

    #[test]
    fn a_players_sum_counts_grades_mistakes_and_their_loss() {
        for &(g, _) in &Grade::FROM {
            assert_eq!(Grade::parse(g.name()), Some(g));
        }
        assert_eq!(Grade::parse("brilliant"), None);
        let mut s = PlayerSum::default();
        for (g, loss) in [(Grade::Best, 0.0), (Grade::Good, 2.0), (Grade::Mistake, 7.5), (Grade::Blunder, 14.0)] {
            s.add_graded(g, loss);
        }
        assert_eq!((s.moves, s.mistakes, s.grades), (4, 2, [1, 1, 0, 1, 1]));
        assert_eq!((s.lost, s.mistake_loss), (23.5, 21.5));
        assert_eq!((s.accuracy(), s.mean_loss()), (50.0, 23.5 / 4.0));
    }

    #[test]
    fn grades_follow_the_stated_thresholds() {
        let cases = [(0.0, Grade::Best), (0.9, Grade::Best), (1.0, Grade::Good), (2.9, Grade::Good), (3.0, Grade::Inaccuracy),
            (5.9, Grade::Inaccuracy), (6.0, Grade::Mistake), (11.9, Grade::Mistake), (12.0, Grade::Blunder), (64.0, Grade::Blunder)];
        for (loss, grade) in cases {
            assert_eq!(Grade::of_loss(loss), grade, "{loss}");
            assert_eq!(Grade::of(10.0, 10.0 - loss, Kind::Exact), grade, "{loss}");
        }
        // Win/draw/loss values: the result kept, worsened by one step, or a win given away.
        assert_eq!(Grade::of(1.0, 1.0, Kind::Wld), Grade::Best);
        assert_eq!(Grade::of(1.0, 0.0, Kind::Wld), Grade::Mistake);
        assert_eq!(Grade::of(0.0, -1.0, Kind::Wld), Grade::Mistake);
        assert_eq!(Grade::of(1.0, -1.0, Kind::Wld), Grade::Blunder);
        assert!(!Grade::Inaccuracy.is_mistake() && Grade::Mistake.is_mistake() && Grade::Blunder.is_mistake());
        assert_eq!(PlayerSum::default().accuracy(), 100.0);
    }
}
