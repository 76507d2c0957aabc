//! A whole-game review's summary for JavaScript: each player's graded
//! moves summed by the engine's rule (tools::review::PlayerSum, as `yomi
//! analyse` sums them), so the page counts nothing itself.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::js::{read_options, to_js};
use crate::tools::review::{Grade, PlayerSum};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GradedMove {
    /// "black" or "white".
    mover: String,
    loss: f64,
    grade: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    moves: usize,
    mistakes: usize,
    lost: f64,
    mistake_loss: f64,
    /// Moves of each grade: best, good, inaccuracy, mistake, blunder.
    grades: [usize; 5],
    mean_loss: f64,
    /// The share of best and good moves, in per cent.
    accuracy: f64,
}

impl From<&PlayerSum> for Summary {
    fn from(s: &PlayerSum) -> Summary {
        Summary {
            moves: s.moves,
            mistakes: s.mistakes,
            lost: s.lost,
            mistake_loss: s.mistake_loss,
            grades: s.grades,
            mean_loss: s.mean_loss(),
            accuracy: s.accuracy(),
        }
    }
}

/// Each player's summary of graded moves `[{ mover, loss, grade }]` (as a
/// search with `played` reviews them): `{ black, white }`, each `{ moves,
/// mistakes, lost, mistakeLoss, grades, meanLoss, accuracy }`.
#[wasm_bindgen(js_name = reviewSummary)]
pub fn review_summary(moves: JsValue) -> Result<JsValue, JsError> {
    let moves: Vec<GradedMove> = read_options(moves)?;
    let (mut black, mut white) = (PlayerSum::default(), PlayerSum::default());
    for m in &moves {
        let grade = Grade::parse(&m.grade).ok_or_else(|| JsError::new(&format!("grade {:?}: expected best, good, inaccuracy, mistake or blunder", m.grade)))?;
        let sum = match m.mover.as_str() {
            "black" => &mut black,
            "white" => &mut white,
            other => return Err(JsError::new(&format!("mover {other:?}: expected black or white"))),
        };
        sum.add_graded(grade, m.loss);
    }
    #[derive(Serialize)]
    struct Both {
        black: Summary,
        white: Summary,
    }
    to_js(&Both { black: (&black).into(), white: (&white).into() })
}
