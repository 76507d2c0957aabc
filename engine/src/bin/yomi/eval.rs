use clap::Args;
use serde_json::json;
use yomi::eval::pattern::UNIT;
use yomi::{Error, Game, MoveGen, Weights};

use crate::BoardArgs;

#[derive(Args)]
pub struct EvalArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Moves to play first, concatenated (f5d6c3).
    #[arg(long, value_name = "RECORD")]
    moves: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Position: one character per square from a1 row by row (X, O or -),
    /// a space, and X or O to move. Default: the start position.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    position: Option<String>,
}

pub fn run(args: EvalArgs) -> Result<(), Error> {
    let start = args.board.position(args.position.as_deref())?;
    let game = Game::from_record(start, args.moves.as_deref().unwrap_or(""))?;
    let pos = *game.current();
    let weights = Weights::shipped();
    let value = yomi::eval::evaluation::evaluate(&pos, weights) as f64 / yomi::eval::evaluation::SCALE as f64;
    let to_move = pos.to_move().name().to_lowercase();
    // The 8x8 pattern evaluation shows its parts; other boards have one sum.
    let patterns = weights.patterns.as_deref().filter(|_| pos.size() == yomi::BoardSize::OTHELLO);
    let terms: Vec<(&str, f64)> = patterns.map_or_else(Vec::new, |w| {
        type G = yomi::Dims<8, 8>;
        let (p, o) = (pos.player(), pos.opponent());
        w.terms(p, o, G::moves(p, o), G::moves(o, p))
            .into_iter()
            .map(|(name, v)| (name, v as f64 / UNIT as f64))
            .collect()
    });
    let evaluator = if patterns.is_some() { "patterns" } else { "features" };
    if args.json {
        let parts: serde_json::Map<String, serde_json::Value> = terms.iter().map(|(n, v)| (n.to_string(), json!(v))).collect();
        println!("{}", json!({ "eval": value, "to_move": to_move, "evaluator": evaluator, "terms": parts }));
        return Ok(());
    }
    println!("{value:+.2} discs for {to_move} ({})", if patterns.is_some() { "8x8 pattern evaluation" } else { "paper 000's features" });
    for (name, v) in terms {
        println!("  {name:<16} {v:+7.2}");
    }
    Ok(())
}
