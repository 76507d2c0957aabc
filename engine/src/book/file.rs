//! The book on disk, two ways.
//!
//! Binary (`.ybk`, what the repository and the browser keep): the header
//! `YOMIBOOK` `1` and the position count (u32, little-endian), then one record
//! per position in depth-first order from the start, each: the leaf square
//! (0-63, or 64 for none) in the frame of the path that reached it, the
//! leaf's value (i8), the leaf's search depth, the number of moves into the
//! book, and those squares in ascending order. A move's position is
//! recorded right after it unless it was recorded before (a transposition),
//! so about five bytes a position; values are not stored but backed up.
//!
//! Text (`yomi book export`/`import`): one line per position, in the same
//! order: `POSITION SIDE VALUE BEST LEAF LEAF_VALUE DEPTH`, `-` for none.

use std::collections::HashSet;

use crate::book::store::{map_square, next, position, Book, Key, Next, G};
use crate::error::Error;
use crate::rules::geometry::BoardSize;
use crate::rules::movegen::{MoveGen, Squares};
use crate::rules::notation::{format_position, parse_position};
use crate::rules::position::Color;
use crate::rules::square::Square;

const MAGIC: &[u8; 9] = b"YOMIBOOK1";
const NO_LEAF: u8 = 64;

/// A walk of the book from the start, each position once, in the frame of
/// the first path that reaches it: (p, o, side to move).
fn walk(book: &Book, visit: &mut dyn FnMut(u64, u64, Color, u64)) {
    let (p, o) = Book::root();
    let mut seen = HashSet::new();
    if book.contains(&Key::of(p, o).0) {
        walk_from(book, p, o, Color::Black, &mut seen, visit);
    }
}

fn walk_from(book: &Book, p: u64, o: u64, to_move: Color, seen: &mut HashSet<Key>, visit: &mut dyn FnMut(u64, u64, Color, u64)) {
    seen.insert(Key::of(p, o).0);
    let children = book.moves_into_book(p, o);
    visit(p, o, to_move, children);
    for sq in Squares(children) {
        if let Next::Child { p: cp, o: co, passed } = next(p, o, sq) {
            if !seen.contains(&Key::of(cp, co).0) {
                let side = if passed { to_move } else { to_move.opposite() };
                walk_from(book, cp, co, side, seen, visit);
            }
        }
    }
}

/// The leaf of the position (`p`, `o`) in its own frame.
fn leaf_here(book: &Book, p: u64, o: u64) -> (Option<(u32, i8)>, u8) {
    let (key, sym) = Key::of(p, o);
    let e = book.get(&key).expect("walked positions are in the book");
    (e.leaf.map(|l| (map_square(sym.inverse(), l.square as u32) as u32, l.value)), e.depth)
}

impl Book {
    /// The binary form. Positions the start cannot reach through the book
    /// are left out (none, for a book grown by [`crate::book::grow`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.len() * 6);
        let mut count = 0u32;
        walk(self, &mut |p, o, _, children| {
            let (leaf, depth) = leaf_here(self, p, o);
            let (sq, value) = leaf.map_or((NO_LEAF, 0), |(sq, v)| (sq as u8, v));
            body.extend_from_slice(&[sq, value as u8, depth, children.count_ones() as u8]);
            body.extend(Squares(children).map(|s| s as u8));
            count += 1;
        });
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&count.to_le_bytes());
        out.extend(body);
        out
    }

    /// Reads the binary form; an error names the byte where it went wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, Error> {
        let bad = |at: usize, why: &str| Error::BadBook(format!("byte {at}: {why}"));
        if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(bad(0, "not a Yomi book (it must start with YOMIBOOK1)"));
        }
        let count = u32::from_le_bytes(bytes[9..13].try_into().expect("4 bytes")) as usize;
        let mut book = Book::new();
        let mut at = 13;
        if count > 0 {
            let (p, o) = Book::root();
            read_from(&mut book, bytes, &mut at, p, o, &bad)?;
        }
        if book.len() != count {
            return Err(bad(at, &format!("the header says {count} positions, the records hold {}", book.len())));
        }
        if at != bytes.len() {
            return Err(bad(at, "bytes after the last position"));
        }
        book.back_up();
        Ok(book)
    }

    /// The text form, one position a line, with a header comment.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# Yomi opening book: position, side to move, value (discs for the side to move), best move, leaf move, leaf value, leaf search depth\n");
        walk(self, &mut |p, o, side, _| {
            let pos = position(p, o, side);
            let (leaf, depth) = leaf_here(self, p, o);
            let moves = self.moves(&pos).expect("walked positions are in the book");
            let name = |sq: u32| Square::of_bit(sq).name(BoardSize::OTHELLO);
            let value = self.lookup(&pos).expect("in the book").0.value;
            let best = moves.first().map_or("-".to_string(), |m| m.square.name(BoardSize::OTHELLO));
            let (leaf_sq, leaf_v) = leaf.map_or(("-".to_string(), "-".to_string()), |(sq, v)| (name(sq), format!("{v:+}")));
            out.push_str(&format!("{} {value:+} {best} {leaf_sq} {leaf_v} {depth}\n", format_position(&pos)));
        });
        out
    }

    /// Reads the text form; an error names the line. Values and best moves
    /// in the text are backed up again, not trusted.
    pub fn from_text(text: &str) -> Result<Book, Error> {
        let mut book = Book::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: String| Error::BadBook(format!("line {}: {why}", i + 1));
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() != 7 {
                return Err(bad(format!("expected 7 fields (position, side, value, best, leaf, leaf value, depth), found {}", fields.len())));
            }
            let pos = parse_position(&format!("{} {}", fields[0], fields[1]), Some(BoardSize::OTHELLO)).map_err(|e| bad(e.to_string()))?;
            let (p, o) = (pos.player(), pos.opponent());
            if G::moves(p, o) == 0 {
                return Err(bad("the side to move has no move; a book position must have one".into()));
            }
            let leaf = match (fields[4], fields[5]) {
                ("-", "-") => None,
                (sq, v) => {
                    let sq = Square::parse(sq, BoardSize::OTHELLO).map_err(|e| bad(e.to_string()))?;
                    if !pos.is_legal(sq) {
                        return Err(bad(format!("leaf move {} is not legal here", fields[4])));
                    }
                    let v: i8 = v.parse().ok().filter(|v: &i8| (-64..=64).contains(v)).ok_or_else(|| bad(format!("leaf value '{v}' is not a score from -64 to 64")))?;
                    Some((sq.index(), v))
                }
            };
            let depth: u8 = fields[6].parse().ok().filter(|d| *d <= 60).ok_or_else(|| bad(format!("depth '{}' is not 0 to 60", fields[6])))?;
            book.put(p, o, leaf, depth);
        }
        book.back_up();
        Ok(book)
    }
}

fn read_from(book: &mut Book, bytes: &[u8], at: &mut usize, p: u64, o: u64, bad: &dyn Fn(usize, &str) -> Error) -> Result<(), Error> {
    let start = *at;
    let head = bytes.get(start..start + 4).ok_or_else(|| bad(start, "the file ends inside a position"))?;
    let (leaf_sq, leaf_v, depth, n) = (head[0], head[1] as i8, head[2], head[3] as usize);
    let legal = G::moves(p, o);
    let leaf = match leaf_sq {
        NO_LEAF => None,
        sq if sq < 64 && legal >> sq & 1 != 0 && (-64..=64).contains(&leaf_v) => Some((sq as u32, leaf_v)),
        _ => return Err(bad(start, "a leaf that is not a legal move with a score from -64 to 64")),
    };
    let children = bytes.get(start + 4..start + 4 + n).ok_or_else(|| bad(start + 4, "the file ends inside a position"))?;
    *at = start + 4 + n;
    book.put(p, o, leaf, depth);
    let mut last = None;
    for (i, &sq) in children.iter().enumerate() {
        let ok = sq < 64 && legal >> sq & 1 != 0 && last.is_none_or(|l| sq > l);
        let Next::Child { p: cp, o: co, .. } = (if ok { next(p, o, sq as u32) } else { Next::Over(0) }) else {
            return Err(bad(start + 4 + i, "a move into the book that is not a legal move in ascending order"));
        };
        last = Some(sq);
        if !book.contains(&Key::of(cp, co).0) {
            read_from(book, bytes, at, cp, co, bad)?;
        }
    }
    Ok(())
}
