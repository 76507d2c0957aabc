use clap::Args;
use serde_json::json;
use yomi::{Color, Error, Scoring, Status};

use crate::BoardArgs;

#[derive(Args)]
pub struct ShowArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Moves to play first, concatenated (f5d6c3; any case; passes implicit
    /// or written pass / PA).
    /// Or a game from a GGF or WTHOR (.wtb) file: FILE#N, or FILE with
    /// --player and --year.
    #[arg(long, value_name = "RECORD|FILE[#N]")]
    moves: Option<String>,
    #[command(flatten)]
    pick: crate::common::GameFileArgs,
    /// Scoring rule for a finished game: world (empties go to the winner) or
    /// paper (plain disc difference; empties go to the winner only after a wipeout).
    #[arg(long, default_value = "world", value_name = "world|paper")]
    scoring: Scoring,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Position: one character per square from a1 row by row (X, O or -),
    /// a space, and X or O to move. Default: the start position.
    // Positions often start with '-', so the value may look like an option.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    position: Option<String>,
}

pub fn run(args: ShowArgs) -> Result<(), Error> {
    let start = args.board.position(args.position.as_deref())?;
    let game = crate::common::game_of(start, args.position.is_some(), args.moves.as_deref(), &args.pick)?;
    let pos = *game.current();
    let size = pos.size();
    let legal: Vec<String> = pos.legal_squares().map(|sq| sq.name(size)).collect();
    let status = pos.status();
    let (black, white) = (pos.count(Color::Black), pos.count(Color::White));
    let empty = size.squares() as u32 - black - white;
    let score = game.final_score(args.scoring);

    if args.json {
        let out = json!({
            "board": size.to_string(),
            "position": yomi::format_position(&pos),
            "to_move": pos.to_move().name().to_lowercase(),
            "status": match status { Status::Move => "move", Status::Pass => "pass", Status::Over => "over" },
            "legal": legal,
            "black": black,
            "white": white,
            "empty": empty,
            "record": game.record(),
            "scoring": args.scoring.to_string(),
            "score": score,
        });
        println!("{out}");
        return Ok(());
    }

    for line in crate::common::board_lines(&pos, true) {
        println!("{line}");
    }
    let side = pos.to_move();
    match status {
        Status::Move => println!(
            "{} ({}) to move; legal moves (*): {}",
            side.name(),
            side.symbol(),
            legal.join(" ")
        ),
        Status::Pass => println!(
            "{} ({}) has no legal move and must pass",
            side.name(),
            side.symbol()
        ),
        Status::Over => {
            let s = score.expect("game over");
            let verdict = match s.signum() {
                1 => format!("Black wins by {s}"),
                -1 => format!("White wins by {}", -s),
                _ => "a draw".to_string(),
            };
            println!("Game over: {verdict} ({} scoring)", args.scoring);
        }
    }
    println!("Discs: Black {black}, White {white}, empty {empty}");
    if !game.moves().is_empty() {
        println!("Record: {}", game.record());
    }
    println!("Position: {}", yomi::format_position(&pos));
    Ok(())
}
