//! Paper 003's experiment drawn: hit rate against speed-up (log scale),
//! one line per configuration and search through its margins, and the
//! paper's own two points beside them. One drawing for README (written by
//! `yomi four experiment --svg`) and the page (`fourCurve` in wasm).

use std::fmt::Write;

use crate::four::experiment::{Baseline, Configuration, ExperimentRow, PAPER_FIGURES};

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 400.0;
const LEFT: f64 = 58.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 48.0;
/// The hit rates shown: misses beyond half are off the chart's interest.
const HIT_MIN: f64 = 0.5;
/// Speed-ups from 1× to 1000×, three decades.
const DECADES: f64 = 3.0;

fn x_of(speedup: f64) -> f64 {
    let t = (speedup.max(1.0).log10() / DECADES).min(1.0);
    LEFT + t * (WIDTH - LEFT - RIGHT)
}

fn y_of(hit: f64) -> f64 {
    let t = ((hit - HIT_MIN) / (1.0 - HIT_MIN)).clamp(0.0, 1.0);
    HEIGHT - BOTTOM - t * (HEIGHT - TOP - BOTTOM)
}

/// The colour and dash of a line.
fn style(config: Configuration, search: Baseline) -> (&'static str, &'static str, String) {
    let colour = match config {
        Configuration::Paper => "#c0392b",
        Configuration::Yomi => "#1f6fb2",
    };
    let dash = match search {
        Baseline::Paper => "",
        Baseline::Engine => "6 4",
    };
    let name = format!(
        "{}, {}",
        match config {
            Configuration::Paper => "paper 003's configuration",
            Configuration::Yomi => "Yomi's",
        },
        match search {
            Baseline::Paper => "paper's alpha-beta",
            Baseline::Engine => "Yomi's search",
        }
    );
    (colour, dash, name)
}

/// The chart of `rows` as a standalone SVG document.
pub fn curve_svg(rows: &[ExperimentRow], depth: u32) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-label="Hit rate against speed-up of paper 003's statistical cut">"##
    );
    let _ = write!(s, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>"##);
    let positions = rows.iter().map(|r| r.positions).max().unwrap_or(0);
    let _ = write!(
        s,
        r##"<text x="{LEFT}" y="20" font-size="14" fill="#222">Statistical cut at depth {depth}: hit rate against speed-up ({positions} positions)</text>"##
    );
    // Grid and axes.
    for d in 0..=DECADES as u32 {
        let v = 10f64.powi(d as i32);
        let x = x_of(v);
        let _ = write!(s, r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#ddd"/>"##, HEIGHT - BOTTOM);
        let _ = write!(s, r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#444">{v}×</text>"##, HEIGHT - BOTTOM + 16.0);
        for m in 2..10 {
            let xm = x_of(v * m as f64);
            if d < DECADES as u32 {
                let _ = write!(s, r##"<line x1="{xm:.1}" y1="{:.1}" x2="{xm:.1}" y2="{:.1}" stroke="#bbb"/>"##, HEIGHT - BOTTOM, HEIGHT - BOTTOM + 4.0);
            }
        }
    }
    for pct in (50..=100).step_by(10) {
        let y = y_of(pct as f64 / 100.0);
        let _ = write!(s, r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/>"##, WIDTH - RIGHT);
        let _ = write!(s, r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#444">{pct} %</text>"##, LEFT - 6.0, y + 4.0);
    }
    // The target: 99 % of the moves at 4× or more.
    let (y99, x4) = (y_of(0.99), x_of(4.0));
    let _ = write!(s, r##"<line x1="{LEFT}" y1="{y99:.1}" x2="{:.1}" y2="{y99:.1}" stroke="#888" stroke-dasharray="2 3"/>"##, WIDTH - RIGHT);
    let _ = write!(s, r##"<line x1="{x4:.1}" y1="{TOP}" x2="{x4:.1}" y2="{:.1}" stroke="#888" stroke-dasharray="2 3"/>"##, HEIGHT - BOTTOM);
    let _ = write!(s, r##"<text x="{:.1}" y="{:.1}" fill="#666" font-size="11">99 %</text>"##, WIDTH - RIGHT - 30.0, y99 - 4.0);
    let _ = write!(s, r##"<text x="{:.1}" y="{:.1}" fill="#666" font-size="11">4×</text>"##, x4 + 3.0, TOP + 12.0);
    let _ = write!(s, r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#222">speed-up: plain nodes ÷ pruned nodes</text>"##, (LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 12.0);
    let _ = write!(s, r##"<text transform="translate(14 {:.1}) rotate(-90)" text-anchor="middle" fill="#222">hit rate</text>"##, (TOP + HEIGHT - BOTTOM) / 2.0);
    // One line per configuration and search, margins in order.
    let mut series: Vec<(Configuration, Baseline)> = Vec::new();
    for r in rows {
        if !series.contains(&(r.configuration, r.search)) {
            series.push((r.configuration, r.search));
        }
    }
    // The legend in the empty corner, low hit rates at low speed-ups.
    let mut legend_y = HEIGHT - BOTTOM - 12.0 - 16.0 * series.len() as f64;
    for &(config, search) in &series {
        let (colour, dash, name) = style(config, search);
        let mut points: Vec<&ExperimentRow> = rows.iter().filter(|r| r.configuration == config && r.search == search).collect();
        points.sort_by(|a, b| b.margin.total_cmp(&a.margin));
        let path: Vec<String> = points.iter().map(|r| format!("{:.1},{:.1}", x_of(r.speedup), y_of(r.hit_rate))).collect();
        let _ = write!(s, r##"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}"/>"##, path.join(" "));
        for r in &points {
            let (x, y) = (x_of(r.speedup), y_of(r.hit_rate));
            let _ = write!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="3.5" fill="{colour}"><title>{name}: {}σ, {:.1} % hits, {:.2}×</title></circle>"##,
                r.margin,
                r.hit_rate * 100.0,
                r.speedup
            );
            if r.margin.fract() == 0.0 && r.hit_rate < 0.985 {
                let _ = write!(s, r##"<text x="{:.1}" y="{:.1}" fill="{colour}" font-size="10">{}σ</text>"##, x + 5.0, y + 12.0, r.margin);
            }
        }
        let lx = LEFT + 12.0;
        let _ = write!(
            s,
            r##"<line x1="{lx:.1}" y1="{legend_y:.1}" x2="{:.1}" y2="{legend_y:.1}" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}"/><text x="{:.1}" y="{:.1}" fill="#222">{name}</text>"##,
            lx + 22.0,
            lx + 28.0,
            legend_y + 4.0
        );
        legend_y += 16.0;
    }
    // The paper's own figures.
    for &(margin, hit, speedup) in &PAPER_FIGURES {
        let (x, y) = (x_of(speedup), y_of(hit));
        let _ = write!(
            s,
            r##"<path d="M{x:.1} {:.1} l5 5 l-5 5 l-5 -5 z" fill="#222"><title>paper 003: {margin}σ, {:.0} % hits, {speedup}×</title></path>"##,
            y - 5.0,
            hit * 100.0
        );
        // Below the point: the top of the chart is crowded with hits near 100 %.
        let _ = write!(s, r##"<text x="{:.1}" y="{:.1}" fill="#222" font-size="11">paper 003, {margin}σ: {:.0} %, {speedup}×</text>"##, x + 7.0, y + 16.0, hit * 100.0);
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::four::eval::EvalKind;

    fn row(config: Configuration, margin: f32, hit_rate: f64, speedup: f64) -> ExperimentRow {
        ExperimentRow {
            configuration: config,
            eval: EvalKind::Paper,
            search: Baseline::Paper,
            margin,
            hit_rate,
            speedup,
            time_speedup: speedup,
            plain_nodes: 100,
            pruned_nodes: 10,
            hits: 99,
            positions: 100,
        }
    }

    #[test]
    fn the_chart_places_points_by_their_figures() {
        assert_eq!(x_of(1.0), LEFT);
        assert_eq!(x_of(1000.0), WIDTH - RIGHT);
        assert!((x_of(10.0) - (LEFT + (WIDTH - LEFT - RIGHT) / 3.0)).abs() < 1e-9);
        assert_eq!(y_of(1.0), TOP);
        assert_eq!(y_of(0.5), HEIGHT - BOTTOM);
        assert_eq!(y_of(0.1), HEIGHT - BOTTOM, "clamped");
        let svg = curve_svg(&[row(Configuration::Paper, 2.0, 0.99, 3.0), row(Configuration::Paper, 1.0, 0.81, 40.0), row(Configuration::Yomi, 1.5, 1.0, 5.0)], 8);
        assert!(svg.contains("at depth 8"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<polyline").count(), 2, "one line per configuration");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(svg.matches("<path").count(), 2, "the paper's two points");
        assert!(svg.contains(&format!("{:.1},{:.1}", x_of(3.0), y_of(0.99))));
    }
}
