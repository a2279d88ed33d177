//! Tables as files: CSV, and pictures (PNG and SVG) drawn like a textbook
//! figure: (0, 0) at the top left, y to the right and x downwards (line x of
//! the CSV is row x of the picture), ticks on both axes, P-positions black on
//! white for outcomes, and for Grundy values a colour scale with a legend and
//! the P-positions in red. Floating point is used for colours only.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;

use grundy::catalog::Table;
use image::{Rgb, RgbImage};

use crate::files;

/// The side, in pixels, that the cells of a picture fill at most.
const TARGET: usize = 800;
/// Below this many pixels a cell, a P-position gets a marker of 3 x 3 pixels.
const MARKED_BELOW: usize = 3;

const WHITE: [u8; 3] = [255, 255, 255];
const BLACK: [u8; 3] = [0, 0, 0];
const GRID: [u8; 3] = [200, 200, 200];
const P_RED: [u8; 3] = [230, 20, 30];

/// The picture or CSV file `table` writes: chosen, and checked writable,
/// before the work starts.
pub struct OutputFile {
    path: PathBuf,
    format: Format,
}

/// What an [`OutputFile`] holds.
enum Format {
    Png,
    Svg,
    Csv,
}

impl OutputFile {
    /// The one file asked for, if any, after checking that it can be written
    /// (so that a long table is not computed for nothing).
    pub fn choose(
        png: Option<PathBuf>,
        svg: Option<PathBuf>,
        csv: Option<PathBuf>,
    ) -> Result<Option<OutputFile>, grundy::Error> {
        let file = match (png, svg, csv) {
            (Some(path), _, _) => OutputFile {
                path,
                format: Format::Png,
            },
            (_, Some(path), _) => OutputFile {
                path,
                format: Format::Svg,
            },
            (_, _, Some(path)) => OutputFile {
                path,
                format: Format::Csv,
            },
            _ => return Ok(None),
        };
        files::check_replaceable(&file.path).map_err(|e| file.cannot_write(e))?;
        Ok(Some(file))
    }

    /// Writes `table` to the file, which is replaced only once complete: on
    /// failure the old file is kept. Returns the path.
    pub fn write(self, table: &Table) -> Result<PathBuf, grundy::Error> {
        let written = match self.format {
            Format::Png => {
                let bytes = encode_png(&draw(table));
                files::replace(&self.path, |out| out.write_all(&bytes))
            }
            Format::Svg => {
                let text = svg_text(table);
                files::replace(&self.path, |out| out.write_all(text.as_bytes()))
            }
            Format::Csv => files::replace(&self.path, |out| write_csv(out, table)),
        };
        written.map_err(|e| self.cannot_write(e))?;
        Ok(self.path)
    }

    fn cannot_write(&self, e: io::Error) -> grundy::Error {
        grundy::Error::BadArgument(format!("cannot write {}: {e}", self.path.display()))
    }
}

/// N lines, no header; line x holds (x, 0) .. (x, N-1). Written cell by cell,
/// never held whole.
fn write_csv(out: &mut dyn Write, t: &Table) -> io::Result<()> {
    for x in 0..t.size {
        for y in 0..t.size {
            if y > 0 {
                out.write_all(b",")?;
            }
            write!(out, "{}", cell_text(t, x, y))?;
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn cell_text(t: &Table, x: usize, y: usize) -> CellText {
    match t.value(x, y) {
        Some(v) => CellText::Value(v),
        None if t.is_p(x, y) => CellText::Outcome('P'),
        None => CellText::Outcome('N'),
    }
}

/// A CSV cell: a Grundy value, or `P`/`N`.
enum CellText {
    Value(u32),
    Outcome(char),
}

impl std::fmt::Display for CellText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CellText::Value(v) => v.fmt(f),
            CellText::Outcome(c) => c.fmt(f),
        }
    }
}

/// Where everything goes.
struct Layout {
    n: usize,
    cell: usize,
    /// The glyph scale of the bitmap font: 2, more for big pictures.
    font: usize,
    /// Margins left of and above the cells.
    left: usize,
    top: usize,
    width: usize,
    height: usize,
    /// The largest value, for tables of values.
    max: Option<u32>,
    /// The distance between ticks, in cells.
    tick: usize,
}

impl Layout {
    fn of(t: &Table) -> Layout {
        let n = t.size;
        let cell = (TARGET / n.max(1)).max(1);
        let max = (0..n)
            .flat_map(|x| (0..n).filter_map(move |y| t.value(x, y)))
            .max();
        let font = 2 + n * cell / 1000;
        let (left, top) = (6 * font * 5 + 16, 7 * font + 22);
        let legend = if max.is_some() {
            6 * font * 6 + 48
        } else {
            6 * font + 16
        };
        Layout {
            n,
            cell,
            font,
            left,
            top,
            width: left + n * cell + legend,
            height: top + n * cell + 7 * font + 16,
            max,
            tick: tick_step(n),
        }
    }

    /// The colour of cell `(x, y)`.
    fn colour(&self, t: &Table, x: usize, y: usize) -> [u8; 3] {
        match (t.value(x, y), self.max) {
            (Some(0), _) => P_RED,
            (Some(v), Some(max)) => scale(v as f64 / max.max(1) as f64),
            _ if t.is_p(x, y) => BLACK,
            _ => WHITE,
        }
    }
}

/// A tick distance of 1, 2 or 5 times a power of ten giving at most ten ticks.
fn tick_step(n: usize) -> usize {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if n / (step * m) <= 10 {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// A perceptual-looking scale from dark blue (0) through teal and green to
/// yellow (1), interpolated between anchors.
fn scale(f: f64) -> [u8; 3] {
    const ANCHORS: [[f64; 3]; 5] = [
        [48.0, 18.0, 90.0],
        [49.0, 104.0, 142.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let f = f.clamp(0.0, 1.0) * (ANCHORS.len() - 1) as f64;
    let i = (f.floor() as usize).min(ANCHORS.len() - 2);
    let t = f - i as f64;
    let mix = |k: usize| (ANCHORS[i][k] * (1.0 - t) + ANCHORS[i + 1][k] * t).round() as u8;
    [mix(0), mix(1), mix(2)]
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

// ---------------------------------------------------------------- PNG

fn draw(t: &Table) -> RgbImage {
    let l = Layout::of(t);
    let mut img = RgbImage::from_pixel(l.width as u32, l.height as u32, Rgb(WHITE));
    for x in 0..l.n {
        for y in 0..l.n {
            let c = l.colour(t, x, y);
            fill(
                &mut img,
                l.left + y * l.cell,
                l.top + x * l.cell,
                l.cell,
                l.cell,
                c,
            );
        }
    }
    if l.cell >= 6 {
        for i in 0..=l.n {
            fill(&mut img, l.left + i * l.cell, l.top, 1, l.n * l.cell, GRID);
            fill(&mut img, l.left, l.top + i * l.cell, l.n * l.cell, 1, GRID);
        }
    }
    mark_p_positions(&mut img, t, &l);
    frame_and_ticks(&mut img, &l);
    if let Some(max) = l.max {
        legend(&mut img, &l, max);
    }
    img
}

fn fill(img: &mut RgbImage, left: usize, top: usize, w: usize, h: usize, c: [u8; 3]) {
    for py in top..(top + h).min(img.height() as usize) {
        for px in left..(left + w).min(img.width() as usize) {
            img.put_pixel(px as u32, py as u32, Rgb(c));
        }
    }
}

fn frame_and_ticks(img: &mut RgbImage, l: &Layout) {
    let side = l.n * l.cell;
    let (left, top, f) = (l.left, l.top, l.font);
    fill(img, left - 1, top - 1, side + 2, 1, BLACK);
    fill(img, left - 1, top + side, side + 2, 1, BLACK);
    fill(img, left - 1, top - 1, 1, side + 2, BLACK);
    fill(img, left + side, top - 1, 1, side + 2, BLACK);
    for v in (0..l.n).step_by(l.tick) {
        // The tick marks the middle of cell v.
        let at = v * l.cell + l.cell / 2;
        fill(img, left + at, top - 6, 1, 5, BLACK);
        fill(img, left - 6, top + at, 5, 1, BLACK);
        let label = v.to_string();
        let w = text_width(&label, f);
        text(
            img,
            &label,
            ((left + at).saturating_sub(w / 2), top - 8 - 7 * f),
            f,
        );
        text(
            img,
            &label,
            (left - 8 - w, (top + at).saturating_sub(7 * f / 2)),
            f,
        );
    }
    text(img, "y", (left + side + 6, top - 8 - 7 * f), f);
    text(img, "x", (left - 8 - text_width("x", f), top + side + 6), f);
}

fn legend(img: &mut RgbImage, l: &Layout, max: u32) {
    let (left, top, f) = (l.left + l.n * l.cell + 6 * l.font + 12, l.top, l.font);
    let height = (l.n * l.cell).clamp(60, 400 * f / 2);
    for i in 0..height {
        let share = 1.0 - i as f64 / (height - 1) as f64;
        fill(img, left, top + i, 8 * f, 1, scale(share));
    }
    text(img, &max.to_string(), (left + 8 * f + 4, top), f);
    text(img, "1", (left + 8 * f + 4, top + height - 7 * f), f);
    fill(img, left, top + height + 5 * f, 8 * f, 8 * f, P_RED);
    text(img, "P", (left + 8 * f + 4, top + height + 5 * f), f);
}

/// Draws a 3 x 3 marker on each P-position whose cell is too small to see.
fn mark_p_positions(img: &mut RgbImage, t: &Table, l: &Layout) {
    if l.cell >= MARKED_BELOW {
        return;
    }
    for x in 0..l.n {
        for y in (0..l.n).filter(|&y| t.is_p(x, y)) {
            let (px, py) = (l.left + y * l.cell, l.top + x * l.cell);
            let c = l.colour(t, x, y);
            fill(
                img,
                px.saturating_sub(1).max(l.left),
                py.saturating_sub(1).max(l.top),
                3,
                3,
                c,
            );
        }
    }
}

/// 5 x 7 glyphs, one string of five bits per row.
fn glyph(c: char) -> [&'static str; 7] {
    match c {
        '0' => [
            "01110", "10001", "10011", "10101", "11001", "10001", "01110",
        ],
        '1' => [
            "00100", "01100", "00100", "00100", "00100", "00100", "01110",
        ],
        '2' => [
            "01110", "10001", "00001", "00010", "00100", "01000", "11111",
        ],
        '3' => [
            "11110", "00001", "00001", "01110", "00001", "00001", "11110",
        ],
        '4' => [
            "00010", "00110", "01010", "10010", "11111", "00010", "00010",
        ],
        '5' => [
            "11111", "10000", "11110", "00001", "00001", "10001", "01110",
        ],
        '6' => [
            "00110", "01000", "10000", "11110", "10001", "10001", "01110",
        ],
        '7' => [
            "11111", "00001", "00010", "00100", "01000", "01000", "01000",
        ],
        '8' => [
            "01110", "10001", "10001", "01110", "10001", "10001", "01110",
        ],
        '9' => [
            "01110", "10001", "10001", "01111", "00001", "00010", "01100",
        ],
        'x' => [
            "00000", "00000", "10001", "01010", "00100", "01010", "10001",
        ],
        'y' => [
            "00000", "10001", "10001", "01111", "00001", "10001", "01110",
        ],
        'P' => [
            "11110", "10001", "10001", "11110", "10000", "10000", "10000",
        ],
        _ => ["00000"; 7],
    }
}

fn text_width(s: &str, scale: usize) -> usize {
    s.chars().count() * 6 * scale
}

fn text(img: &mut RgbImage, s: &str, (left, top): (usize, usize), scale: usize) {
    let c = BLACK;
    for (k, ch) in s.chars().enumerate() {
        for (row, bits) in glyph(ch).iter().enumerate() {
            for (col, bit) in bits.bytes().enumerate() {
                if bit == b'1' {
                    let px = left + (k * 6 + col) * scale;
                    fill(img, px, top + row * scale, scale, scale, c);
                }
            }
        }
    }
}

fn encode_png(img: &RgbImage) -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    img.write_to(&mut bytes, image::ImageFormat::Png)
        .expect("encoding to memory cannot fail");
    bytes.into_inner()
}

// ---------------------------------------------------------------- SVG

/// Above this side the cells of an SVG are one embedded PNG, one pixel a cell.
const SVG_RECT_LIMIT: usize = 300;

fn svg_text(t: &Table) -> String {
    let l = Layout::of(t);
    let side = l.n * l.cell;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="monospace" font-size="12">"#,
        l.width, l.height
    );
    let _ = writeln!(
        s,
        r#"<title>{}: {} of (x, y) below {}</title>"#,
        t.game,
        if l.max.is_some() {
            "Grundy values"
        } else {
            "P-positions"
        },
        l.n
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    if l.n <= SVG_RECT_LIMIT {
        svg_cells(&mut s, t, &l);
    } else {
        let mut cells = RgbImage::new(l.n as u32, l.n as u32);
        for x in 0..l.n {
            for y in 0..l.n {
                cells.put_pixel(y as u32, x as u32, Rgb(l.colour(t, x, y)));
            }
        }
        let _ = writeln!(
            s,
            r#"<image x="{}" y="{}" width="{side}" height="{side}" style="image-rendering:pixelated" href="data:image/png;base64,{}"/>"#,
            l.left,
            l.top,
            base64(&encode_png(&cells))
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{}" y="{}" width="{side}" height="{side}" fill="none" stroke="black"/>"#,
        l.left, l.top
    );
    for v in (0..l.n).step_by(l.tick) {
        let at = v * l.cell + l.cell / 2;
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="black"/><text x="{0}" y="{3}" text-anchor="middle">{v}</text>"#,
            l.left + at,
            l.top - 6,
            l.top,
            l.top - 10
        );
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{2}" x2="{1}" y2="{2}" stroke="black"/><text x="{3}" y="{4}" text-anchor="end">{v}</text>"#,
            l.left - 6,
            l.left,
            l.top + at,
            l.left - 8,
            l.top + at + 4
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}">y</text><text x="{}" y="{}" text-anchor="end">x</text>"#,
        l.left + side + 4,
        l.top - 10,
        l.left - 8,
        l.top + side + 14
    );
    if let Some(max) = l.max {
        svg_legend(&mut s, &l, max);
    }
    s.push_str("</svg>\n");
    s
}

/// One rectangle per run of equal colours along a row.
fn svg_cells(s: &mut String, t: &Table, l: &Layout) {
    for x in 0..l.n {
        let mut y = 0;
        while y < l.n {
            let c = l.colour(t, x, y);
            let run = (y..l.n).take_while(|&z| l.colour(t, x, z) == c).count();
            if c != WHITE {
                let _ = writeln!(
                    s,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                    l.left + y * l.cell,
                    l.top + x * l.cell,
                    run * l.cell,
                    l.cell,
                    hex(c)
                );
            }
            y += run;
        }
    }
    if l.cell >= 6 {
        let side = l.n * l.cell;
        for i in 0..=l.n {
            let at = i * l.cell;
            let _ = writeln!(
                s,
                r##"<path d="M{0} {1}v{2}M{1} {0}h{2}" stroke="#c8c8c8" stroke-width="0.5" fill="none"/>"##,
                l.left + at,
                l.top,
                side
            );
        }
    }
}

fn svg_legend(s: &mut String, l: &Layout, max: u32) {
    let left = l.left + l.n * l.cell + 24;
    let height = (l.n * l.cell).clamp(60, 400);
    let _ = writeln!(
        s,
        r#"<defs><linearGradient id="scale" x1="0" y1="1" x2="0" y2="0">"#
    );
    for k in 0..=8 {
        let f = k as f64 / 8.0;
        let _ = writeln!(s, r#"<stop offset="{f}" stop-color="{}"/>"#, hex(scale(f)));
    }
    let _ = writeln!(s, "</linearGradient></defs>");
    let _ = writeln!(
        s,
        r#"<rect x="{left}" y="{}" width="16" height="{height}" fill="url(#scale)"/>"#,
        l.top
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}">{max}</text><text x="{}" y="{}">1</text>"#,
        left + 20,
        l.top + 10,
        left + 20,
        l.top + height
    );
    let _ = writeln!(
        s,
        r#"<rect x="{left}" y="{}" width="16" height="16" fill="{}"/><text x="{}" y="{}">P (value 0)</text>"#,
        l.top + height + 10,
        hex(P_RED),
        left + 20,
        l.top + height + 22
    );
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_of_known_strings() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(10), 1);
        assert_eq!(tick_step(50), 5);
        assert_eq!(tick_step(2000), 200);
    }
}
