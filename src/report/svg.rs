//! The report's plots as inline SVG: no script, no network, legible when printed. Axes and
//! labels sit outside the data; every plot has a title for screen readers.

use std::fmt::Write;

/// Escapes text for XML content and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 220.0;
const LEFT: f64 = 56.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 24.0;
const RIGHT: f64 = 16.0;

/// A histogram of the chance disorders with the observed disorder marked: how far from chance
/// the annotators are.
pub fn histogram(values: &[f64], observed: f64, title: &str) -> String {
    let mut s = String::new();
    if values.is_empty() {
        return s;
    }
    let low = values.iter().copied().fold(observed, f64::min).min(0.0);
    let high = values.iter().copied().fold(observed, f64::max);
    let span = (high - low).max(1e-9);
    let bins = 24usize;
    let mut counts = vec![0usize; bins];
    for v in values {
        let bin = (((v - low) / span) * bins as f64).floor() as usize;
        counts[bin.min(bins - 1)] += 1;
    }
    let most = *counts.iter().max().unwrap_or(&1) as f64;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |v: f64| LEFT + (v - low) / span * plot_w;
    let _ = write!(
        s,
        r#"<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{t}"><title>{t}</title>"#,
        t = escape(title)
    );
    for (i, &count) in counts.iter().enumerate() {
        let h = count as f64 / most * plot_h;
        let _ = write!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#6b8fb3"/>"##,
            LEFT + i as f64 * plot_w / bins as f64 + 0.5,
            TOP + plot_h - h,
            plot_w / bins as f64 - 1.0,
            h
        );
    }
    let ox = x(observed);
    let _ = write!(
        s,
        r##"<line x1="{ox:.1}" x2="{ox:.1}" y1="{TOP}" y2="{:.1}" stroke="#c0392b" stroke-width="2"/>"##,
        TOP + plot_h
    );
    axis(&mut s, low, high, plot_w, plot_h);
    let _ = write!(
        s,
        r##"<text x="{:.1}" y="{:.1}" font-size="14" fill="#c0392b" text-anchor="{}">observed D_o = {observed:.3}</text>"##,
        ox,
        TOP - 8.0,
        if ox > WIDTH / 2.0 { "end" } else { "start" }
    );
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" font-size="14" text-anchor="middle">disorder of a chance continuum ({} samples)</text></svg>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 6.0,
        values.len()
    );
    s
}

/// The x axis of a plot from `low` to `high`, with five ticks.
fn axis(s: &mut String, low: f64, high: f64, plot_w: f64, plot_h: f64) {
    let y = TOP + plot_h;
    let _ = write!(
        s,
        r##"<line x1="{LEFT}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}" stroke="#333"/>"##,
        LEFT + plot_w
    );
    for i in 0..=4 {
        let v = low + (high - low) * i as f64 / 4.0;
        let tx = LEFT + plot_w * i as f64 / 4.0;
        let _ = write!(
            s,
            r##"<line x1="{tx:.1}" x2="{tx:.1}" y1="{y:.1}" y2="{:.1}" stroke="#333"/><text x="{tx:.1}" y="{:.1}" font-size="13" text-anchor="middle">{v:.2}</text>"##,
            y + 4.0,
            y + 15.0
        );
    }
}

/// Horizontal bars from −1 to 1 (γ-k per category, γ per document): labels to the left of the
/// axis, values to the right of the bars.
pub fn bars(rows: &[(String, Option<f64>)], title: &str) -> String {
    let mut s = String::new();
    if rows.is_empty() {
        return s;
    }
    // Text of 14 units (13 for the ticks): the page draws the chart at most 640 px wide, so
    // labels stay at least 12 px high down to a chart 86 % that wide.
    let row_h = 22.0;
    let label_w = 220.0;
    let plot_w = WIDTH - label_w - 70.0;
    let height = TOP + rows.len() as f64 * row_h + 28.0;
    let zero = label_w + plot_w / 2.0;
    let _ = write!(
        s,
        r#"<svg class="plot" viewBox="0 0 {WIDTH} {height:.0}" role="img" aria-label="{t}"><title>{t}</title>"#,
        t = escape(title)
    );
    for (i, (label, value)) in rows.iter().enumerate() {
        let y = TOP + i as f64 * row_h;
        let shown: String = label.chars().take(28).collect();
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="14" text-anchor="end">{}</text>"#,
            label_w - 6.0,
            y + 15.0,
            escape(&shown)
        );
        match value {
            Some(v) => {
                let v = v.clamp(-1.0, 1.0);
                let (x, w) = if v >= 0.0 {
                    (zero, v * plot_w / 2.0)
                } else {
                    (zero + v * plot_w / 2.0, -v * plot_w / 2.0)
                };
                let colour = if v >= 0.0 { "#4a7fb0" } else { "#c0392b" };
                let _ = write!(
                    s,
                    r#"<rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="{:.1}" fill="{colour}"/><text x="{:.1}" y="{:.1}" font-size="14">{v:.3}</text>"#,
                    y + 2.0,
                    row_h - 5.0,
                    label_w + plot_w + 6.0,
                    y + 15.0
                );
            }
            None => {
                let _ = write!(
                    s,
                    r#"<text x="{:.1}" y="{:.1}" font-size="14">undefined</text>"#,
                    label_w + plot_w + 6.0,
                    y + 15.0
                );
            }
        }
    }
    let bottom = TOP + rows.len() as f64 * row_h;
    let _ = write!(
        s,
        r##"<line x1="{zero:.1}" x2="{zero:.1}" y1="{TOP}" y2="{bottom:.1}" stroke="#333"/>"##
    );
    for (v, x) in [(-1.0, label_w), (0.0, zero), (1.0, label_w + plot_w)] {
        let _ = write!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" font-size="13" text-anchor="middle">{v:.0}</text>"#,
            bottom + 16.0
        );
    }
    s.push_str("</svg>");
    s
}

/// Colours of the curves: Okabe & Ito's palette, told apart by colour-blind readers too.
const CURVE_COLOURS: [&str; 6] = [
    "#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9",
];

/// A curve with its name: (x, y where defined) points.
pub type NamedCurve = (String, Vec<(f64, Option<f64>)>);

/// Falling curves of γ (y, from 0 to 1) against a magnitude (x, from 0 to 1), one per named
/// series, with a dashed line at `gamma` and the legend to the right of the plot, outside the
/// data.
pub fn curves(series: &[NamedCurve], gamma: f64, title: &str) -> String {
    let mut s = String::new();
    let legend = 190.0;
    let plot_w = WIDTH - LEFT - RIGHT - legend;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let low = series
        .iter()
        .flat_map(|(_, curve)| curve.iter().filter_map(|(_, g)| *g))
        .fold(gamma.min(0.0), f64::min);
    let span = (1.0 - low).max(1e-9);
    let x = |m: f64| LEFT + m.clamp(0.0, 1.0) * plot_w;
    let y = |g: f64| TOP + (1.0 - g) / span * plot_h;
    let _ = write!(
        s,
        r#"<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{t}"><title>{t}</title>"#,
        t = escape(title)
    );
    let _ = write!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{plot_w:.1}" height="{plot_h:.1}" fill="none" stroke="#999"/>"##
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="14" text-anchor="middle">{tick}</text>"##,
            x(tick),
            TOP + plot_h + 14.0
        );
    }
    let _ = write!(
        s,
        r##"<text x="{:.1}" y="{:.1}" font-size="14" text-anchor="middle">magnitude of the errors</text>"##,
        LEFT + plot_w / 2.0,
        HEIGHT - 6.0
    );
    for tick in [low, (low + 1.0) / 2.0, 1.0] {
        // Never "-0.00".
        let tick = if tick.abs() < 0.005 { 0.0 } else { tick };
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="14" text-anchor="end">{tick:.2}</text>"##,
            LEFT - 4.0,
            y(tick) + 4.0
        );
    }
    let _ = write!(
        s,
        r##"<line x1="{LEFT}" x2="{:.1}" y1="{gy:.1}" y2="{gy:.1}" stroke="#c00" stroke-dasharray="5 3"/><text x="{:.1}" y="{:.1}" font-size="14" fill="#c00" text-anchor="end">γ = {gamma:.3}</text>"##,
        LEFT + plot_w,
        LEFT + plot_w - 4.0,
        y(gamma) - 4.0,
        gy = y(gamma)
    );
    for (i, (name, curve)) in series.iter().enumerate() {
        let colour = CURVE_COLOURS[i % CURVE_COLOURS.len()];
        let points: Vec<String> = (curve.iter())
            .filter_map(|&(m, g)| Some(format!("{:.1},{:.1}", x(m), y(g?))))
            .collect();
        let _ = write!(
            s,
            r##"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"##,
            points.join(" ")
        );
        let top = TOP + 6.0 + i as f64 * 18.0;
        let left = LEFT + plot_w + 12.0;
        let _ = write!(
            s,
            r##"<line x1="{left:.1}" x2="{:.1}" y1="{top:.1}" y2="{top:.1}" stroke="{colour}" stroke-width="3"/><text x="{:.1}" y="{:.1}" font-size="14">{}</text>"##,
            left + 18.0,
            left + 24.0,
            top + 4.0,
            escape(name)
        );
    }
    s.push_str("</svg>");
    s
}
