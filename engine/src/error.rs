//! Everything that can be wrong with what a user gives Yomi. Each variant's
//! message says what was wrong and where; the CLI prints it and exits with
//! status 2, the wasm API throws it as a JavaScript `Error`.

use std::fmt;

/// What was wrong with an input, and where; its `Display` is the message users see.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// A board that is not R × C with R, C even, ≥ 4 and R × C ≤ 64.
    UnsupportedBoard {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A board given in a form other than `RxC`.
    BadBoardSpec(String),
    /// A start other than `othello` or `reversi`.
    BadStart(String),
    /// A scoring rule other than `world` or `paper`.
    BadScoring(String),
    /// A position whose square count fits no board, or not the one asked for.
    PositionLength {
        /// Squares the position has.
        found: usize,
        /// The board asked for (rows, columns), if one was.
        board: Option<(usize, usize)>,
    },
    /// A position whose `RxC:` prefix names another board than the one asked for.
    BoardMismatch {
        /// The board the prefix names (rows, columns).
        named: (usize, usize),
        /// The board asked for.
        given: (usize, usize),
    },
    /// A position with no side to move after its squares.
    MissingSideToMove,
    /// A square character other than `X`, `O` or `-` (1-based index).
    BadSquareChar {
        /// The square's place in the string, from 1.
        index: usize,
        /// The character found.
        found: char,
    },
    /// A side-to-move character other than `X` or `O`.
    BadSideToMove {
        /// What stood there.
        found: String,
    },
    /// Text after a position that is not `; move:score` fields.
    BadObfField {
        /// The field as written.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A square name that is not on the board.
    BadSquare {
        /// The name given.
        name: String,
        /// The board (rows, columns).
        board: (usize, usize),
    },
    /// Text in a record that does not start a move (1-based character index).
    BadRecordChar {
        /// The character's place in the record, from 1.
        index: usize,
        /// The character found.
        found: char,
    },
    /// A move that the rules do not allow (1-based move number in the record).
    IllegalMove {
        /// The move number, from 1.
        number: usize,
        /// The square.
        square: String,
        /// Who moved: "Black" or "White".
        color: &'static str,
    },
    /// A pass while the side to move has a move.
    IllegalPass {
        /// The move number, from 1.
        number: usize,
        /// Who passed.
        color: &'static str,
    },
    /// A move or pass asked of a finished game.
    GameOver {
        /// The move number, from 1.
        number: usize,
    },
    /// A search depth that is out of range.
    BadDepth {
        /// The depth asked for.
        depth: u32,
        /// The deepest allowed.
        max: u32,
    },
    /// A time limit that is not a positive number of seconds.
    BadTime(f64),
    /// Anything else a command line or API argument can get wrong.
    BadArgument(String),
    /// A file that cannot be read or written: its path and the system's reason.
    Io {
        /// The file.
        path: String,
        /// What the system said.
        why: String,
    },
    /// A data file the project writes (a corpus shard or manifest, a job's
    /// proofs or checks, a held-out set) whose contents are damaged: its path
    /// (or what it is) and where and how.
    Damaged {
        /// The file, or what it is when it came as bytes.
        file: String,
        /// Where (byte or line) and what is wrong.
        why: String,
    },
    /// A distributed run whose workers failed: a rank that is gone, a
    /// message that cannot be read, an answer out of turn.
    Cluster(String),
    /// A weights or statistics file that cannot be read.
    BadWeights(String),
    /// An opening book file that cannot be read (the byte or line, and why).
    BadBook(String),
    /// A game file (GGF, WTHOR) that cannot be read (the byte, and why).
    BadGameFile(String),
    /// A level name or number that is not one of the levels.
    BadLevel(String),
    /// A player description for a match that cannot be parsed.
    BadPlayer {
        /// The player as written.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Score Four: a peg name other than a1 … d4.
    FourBadPeg(String),
    /// Score Four: a record character that does not start or end a peg
    /// name (1-based character index).
    FourBadRecordChar {
        /// The character's place in the record, from 1.
        index: usize,
        /// The character found.
        found: char,
    },
    /// Score Four: a stone dropped on a full peg (1-based move number).
    FourFullPeg {
        /// The move number, from 1.
        number: usize,
        /// The peg.
        peg: String,
    },
    /// Score Four: a position that cannot arise in a game, and why.
    FourBadPosition(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnsupportedBoard { rows, cols } => write!(
                f,
                "board {rows}x{cols} is not supported: rows and columns must be even, \
                 at least 4, with at most 64 squares"
            ),
            Error::BadBoardSpec(s) => {
                write!(f, "board '{s}' is not of the form RxC (for example 8x8 or 4x10)")
            }
            Error::BadStart(s) => write!(f, "start '{s}' is unknown; expected othello or reversi"),
            Error::BadScoring(s) => write!(f, "scoring '{s}' is unknown; expected world or paper"),
            Error::PositionLength { found, board: Some((r, c)) } => write!(
                f,
                "position has {found} squares; the {r}x{c} board has {}",
                r * c
            ),
            Error::PositionLength { found, board: None } => write!(
                f,
                "position has {found} squares, which fits no single board; \
                 start it with its board, like 4x8:, or give --board RxC \
                 (16, 36 and 64 squares alone read as 4x4, 6x6 and 8x8)"
            ),
            Error::BoardMismatch { named: (nr, nc), given: (gr, gc) } => write!(
                f,
                "the position is on the {nr}x{nc} board, but the {gr}x{gc} board was asked for"
            ),
            Error::MissingSideToMove => {
                write!(f, "position has no side to move; end it with a space and X or O")
            }
            Error::BadSquareChar { index, found } => {
                write!(f, "character {index} is '{found}'; expected X, O or -")
            }
            Error::BadSideToMove { found } => {
                write!(f, "side to move is '{found}'; expected X or O")
            }
            Error::BadObfField { field, reason } => {
                write!(f, "field '{field}' after the position: {reason}")
            }
            Error::BadSquare { name, board: (r, c) } => {
                write!(f, "'{name}' is not a square of the {r}x{c} board")
            }
            Error::BadRecordChar { index, found } => write!(
                f,
                "record character {index} is '{found}'; expected a square such as f5, or pass"
            ),
            Error::IllegalMove { number, square, color } => {
                write!(f, "move {number} ({square}) is illegal for {color}")
            }
            Error::IllegalPass { number, color } => {
                write!(f, "move {number} is a pass, but {color} has a legal move")
            }
            Error::GameOver { number } => {
                write!(f, "move {number} comes after the end of the game")
            }
            Error::BadDepth { depth, max } => {
                write!(f, "depth {depth} is out of range; expected 1 to {max}")
            }
            Error::BadTime(t) => write!(f, "time {t} is not a positive number of seconds"),
            Error::BadArgument(s) | Error::Cluster(s) => f.write_str(s),
            Error::Io { path, why } | Error::Damaged { file: path, why } => write!(f, "{path}: {why}"),
            Error::BadWeights(s) => write!(f, "bad weights file: {s}"),
            Error::BadBook(s) => write!(f, "bad book: {s}"),
            Error::BadGameFile(s) => write!(f, "bad game file: {s}"),
            Error::BadLevel(s) => write!(
                f,
                "level '{s}' is unknown; expected 1-6 or beginner, easy, medium, hard, expert, maximum"
            ),
            Error::BadPlayer { spec, reason } => write!(f, "player '{spec}': {reason}"),
            Error::FourBadPeg(s) => write!(f, "'{s}' is not a peg; expected a column a-d and a row 1-4, such as b3"),
            Error::FourBadRecordChar { index, found } => write!(
                f,
                "record character {index} is '{found}'; expected a peg such as b3 (column a-d, row 1-4)"
            ),
            Error::FourFullPeg { number, peg } => write!(f, "move {number} ({peg}) is on a full peg"),
            Error::FourBadPosition(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The error of reading or writing `path`.
    pub fn io(path: &std::path::Path, e: std::io::Error) -> Error {
        Error::Io { path: path.display().to_string(), why: e.to_string() }
    }

    /// `file` (a path, or what it is) damaged: `why` says where and how.
    pub fn damaged(file: impl fmt::Display, why: impl fmt::Display) -> Error {
        Error::Damaged { file: file.to_string(), why: why.to_string() }
    }
}
