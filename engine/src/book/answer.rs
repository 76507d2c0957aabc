//! The book as a player's answer: where a position is in the book, a book
//! move within the player's bound instead of a search, said as such.

use crate::book::store::Book;
use crate::rng::Rng;
use crate::rules::game::Move;
use crate::rules::position::Position;
use crate::rules::square::Square;
use crate::play::search::{Kind, SearchResult};

/// Book moves followed after the chosen one to show the expected line.
const LINE: usize = 12;

/// `first` (legal in `pos`), then the book's best move after it, and so on
/// while the book knows the position (passes included), up to `LINE` moves.
pub fn line(book: &Book, pos: &Position, first: Square) -> Vec<Move> {
    let mut pv = vec![Move::Play(first)];
    let mut at = pos.play(first).expect("a legal move");
    while pv.len() < LINE {
        if at.legal_moves() == 0 {
            if at.passed().legal_moves() == 0 {
                break;
            }
            at = at.passed();
            pv.push(Move::Pass);
        }
        let Some(best) = book.moves(&at).and_then(|m| m.first().copied()) else { break };
        pv.push(Move::Play(best.square));
        at = at.play(best.square).expect("book moves are legal");
    }
    pv
}

/// The book's answer for `pos`: a book move within `bound` discs of the
/// best (chosen by `rng`), its value, the book's best line after it, and
/// every book move with its value. `None` if `pos` is not in the book.
pub fn answer(book: &Book, pos: &Position, bound: u8, rng: &mut Rng) -> Option<SearchResult> {
    let chosen = book.choose(pos, bound, rng)?;
    let (entry, _) = book.lookup(pos)?;
    let pv = line(book, pos, chosen.square);
    Some(SearchResult {
        best: Some(Move::Play(chosen.square)),
        score: chosen.value as f64,
        kind: Kind::Book,
        depth: entry.depth as u32,
        selectivity: 0,
        pv,
        moves: book.moves(pos)?.iter().map(|m| (m.square, m.value as f64)).collect(),
        nodes: 0,
        seconds: 0.0,
        stopped: false,
    })
}
