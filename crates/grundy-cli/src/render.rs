//! Tables as files: CSV, and pictures (PNG and SVG) drawn like a textbook
//! figure: a title naming the game and what is drawn, (0, 0) at the top left,
//! y to the right and x downwards (line x of the CSV is row x of the picture),
//! ticks on both axes, and a legend: P-positions black and N-positions white
//! for outcomes; for Grundy values a colour scale, with the P-positions red.
//!
//! A heap game's sequence is drawn as a plot of `G(n)` against `n`
//! (`sequence --png/--svg`), its P-positions (`G(n) = 0`) red.
//!
//! Every picture is drawn from one [`Scene`], as PNG, SVG or a LaTeX document
//! of one TikZ picture (`--tex`, for papers), so that they agree on every
//! shape (only the SVG's and TikZ's text is set in their own fonts).
//! Floating point is used for colours only.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;

use grundy::catalog::Table;
use grundy::limits::MAX_TABLE_SIDE;
use image::{Rgb, RgbImage};

use crate::files;

/// The side, in pixels, that the cells of a picture fill at most.
const TARGET: usize = 800;
/// Below this many pixels a cell, a P-position gets a marker of 3 x 3 pixels.
const MARKED_BELOW: usize = 3;
/// From this many pixels a cell, the cells are divided by grid lines.
const GRID_FROM: usize = 6;

const WHITE: [u8; 3] = [255, 255, 255];
const BLACK: [u8; 3] = [0, 0, 0];
const GRID: [u8; 3] = [200, 200, 200];
const P_RED: [u8; 3] = [230, 20, 30];
/// A plot's preperiod, shaded, and the lines where its periods start.
const SAND: [u8; 3] = [243, 227, 192];
const PERIOD_BLUE: [u8; 3] = [80, 140, 220];

/// What `table` writes besides its answer: the picture and CSV files, and
/// the CSV on stdout for `--csv -`.
pub struct Outputs {
    files: Vec<OutputFile>,
    csv_to_stdout: bool,
}

/// One file to write.
struct OutputFile {
    path: PathBuf,
    format: Format,
}

/// What an [`OutputFile`] holds.
enum Format {
    Png,
    Svg,
    Tex,
    Csv,
}

/// The pictures asked for: a PNG, an SVG and a LaTeX (TikZ) file.
#[derive(Default)]
pub struct Pictures {
    /// `--png FILE`.
    pub png: Option<PathBuf>,
    /// `--svg FILE`.
    pub svg: Option<PathBuf>,
    /// `--tex FILE`.
    pub tex: Option<PathBuf>,
}

impl Pictures {
    /// Whether any picture is asked for.
    pub fn any(&self) -> bool {
        self.png.is_some() || self.svg.is_some() || self.tex.is_some()
    }
}

/// The largest side of a table drawn as TikZ (a command a run of cells:
/// TeX's memory, and a figure of a paper, stay small).
pub const TEX_SIDE: u64 = 128;

/// The most values of a sequence drawn as TikZ (a command a value).
pub const TEX_PLOTTED: u64 = 4096;

impl Outputs {
    /// The files asked for, each checked writable (so that a long table is
    /// not computed for nothing). `--csv -` means stdout, which `--json`
    /// needs for its one document. Pictures are drawn up to a side of
    /// `MAX_TABLE_SIDE` (Wythoff's table goes further: a picture of 32768
    /// cells a side would take gigabytes to draw).
    pub fn choose(
        pictures: Pictures,
        csv: Option<PathBuf>,
        json: bool,
        size: u64,
    ) -> Result<Outputs, grundy::Error> {
        if pictures.tex.is_some() && size > TEX_SIDE {
            return Err(grundy::Error::Limit(format!(
                "--tex draws tables up to side {TEX_SIDE} (TEX_SIDE), a figure TeX can hold; \
                 draw side {size} with --png or --svg"
            )));
        }
        if pictures.any() && size > MAX_TABLE_SIDE {
            return Err(grundy::Error::Limit(format!(
                "--png and --svg draw tables up to side {MAX_TABLE_SIDE} (MAX_TABLE_SIDE); \
                 write a table of side {size} with --csv or --json"
            )));
        }
        let csv_to_stdout = csv.as_deref().is_some_and(|p| p.as_os_str() == "-");
        if csv_to_stdout && json {
            return Err(grundy::Error::BadArgument(
                "--csv - writes the CSV to stdout, where --json writes its document: \
                 give --csv a file name"
                    .into(),
            ));
        }
        let csv = csv.filter(|_| !csv_to_stdout);
        let files: Vec<OutputFile> = [
            (pictures.png, Format::Png),
            (pictures.svg, Format::Svg),
            (pictures.tex, Format::Tex),
            (csv, Format::Csv),
        ]
        .into_iter()
        .filter_map(|(path, format)| {
            Some(OutputFile {
                path: path?,
                format,
            })
        })
        .collect();
        for file in &files {
            files::check_replaceable(&file.path).map_err(|e| file.cannot_write(e))?;
        }
        Ok(Outputs {
            files,
            csv_to_stdout,
        })
    }

    /// Whether the CSV goes to stdout: then nothing else may.
    pub fn csv_to_stdout(&self) -> bool {
        self.csv_to_stdout
    }

    /// Writes `table` to each file, which is replaced only once complete: on
    /// failure the old file is kept. Returns the paths written. A failure here
    /// (a full disk) is not bad input: the files were checked before the work.
    pub fn write_files(&self, table: &Table) -> io::Result<Vec<PathBuf>> {
        self.write_scene(Some(table), || Scene::of(table))
    }

    /// Writes the scene that `draw` makes (only when there are files), its
    /// cells those of `table` if it has any, to each file; returns the paths
    /// written.
    fn write_scene(
        &self,
        table: Option<&Table>,
        draw: impl FnOnce() -> Scene,
    ) -> io::Result<Vec<PathBuf>> {
        if self.files.is_empty() {
            return Ok(Vec::new());
        }
        let scene = draw();
        for file in &self.files {
            file.write(table, &scene)?;
        }
        Ok(self.files.iter().map(|f| f.path.clone()).collect())
    }

    /// The pictures asked for of a heap game's sequence, each checked
    /// writable; refused beyond [`MAX_PLOTTED`] values, before the work.
    pub fn choose_plot(pictures: Pictures, count: u64) -> Result<Outputs, grundy::Error> {
        if pictures.tex.is_some() && count > TEX_PLOTTED {
            return Err(grundy::Error::Limit(format!(
                "--tex draws sequences of up to {TEX_PLOTTED} values (TEX_PLOTTED), a figure TeX \
                 can hold; draw {count} with --png or --svg"
            )));
        }
        if pictures.any() && count > MAX_PLOTTED {
            return Err(grundy::Error::Limit(format!(
                "--png and --svg draw sequences of up to {MAX_PLOTTED} values (MAX_PLOTTED); \
                 write {count} values with --json"
            )));
        }
        Outputs::choose(pictures, None, false, 0)
    }

    /// Writes the plot of `values`, the sequence of `game`, to each file (as
    /// [`Outputs::write_files`]), with its `(preperiod, period)` marked when
    /// given; returns the paths written.
    pub fn write_plot(
        &self,
        game: &str,
        values: &[u64],
        period: Option<(u64, u64)>,
    ) -> io::Result<Vec<PathBuf>> {
        self.write_scene(None, || Scene::plot(game, values, period))
    }
}

/// The most values `sequence --png/--svg` draws.
pub const MAX_PLOTTED: u64 = 1 << 16;

impl OutputFile {
    /// Writes `scene`, whose cells are those of `table` if it has any (a
    /// CSV is always of a table).
    fn write(&self, table: Option<&Table>, scene: &Scene) -> io::Result<()> {
        let written = match (&self.format, table) {
            (Format::Png, _) => {
                let bytes = scene.png(table);
                files::replace(&self.path, |out| out.write_all(&bytes))
            }
            (Format::Svg, _) => {
                let text = scene.svg_text(table);
                files::replace(&self.path, |out| out.write_all(text.as_bytes()))
            }
            (Format::Tex, _) => {
                let text = scene.tikz_text(table);
                files::replace(&self.path, |out| out.write_all(text.as_bytes()))
            }
            (Format::Csv, Some(table)) => files::replace(&self.path, |out| write_csv(out, table)),
            (Format::Csv, None) => unreachable!("a plot is chosen without a CSV"),
        };
        written
            .map_err(|e| io::Error::new(e.kind(), format!("writing {}: {e}", self.path.display())))
    }

    fn cannot_write(&self, e: io::Error) -> grundy::Error {
        grundy::Error::BadArgument(format!("cannot write {}: {e}", self.path.display()))
    }
}

/// `table` drawn as `--png` draws it: the PNG file's bytes.
pub fn png_bytes(table: &Table) -> Vec<u8> {
    Scene::of(table).png(Some(table))
}

/// `table` drawn as `--svg` draws it: the SVG file's text.
pub fn svg_bytes(table: &Table) -> Vec<u8> {
    Scene::of(table).svg_text(Some(table)).into_bytes()
}

/// N lines, no header; line x holds (x, 0) .. (x, N-1). Written cell by cell,
/// never held whole.
pub fn write_csv(out: &mut dyn Write, t: &Table) -> io::Result<()> {
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

/// A picture as what both formats draw: the cells, then the shapes over them
/// (grid, frame, ticks, text, legend), in pixels.
struct Scene {
    /// What the picture shows (its first line, the SVG's title).
    title: String,
    /// The cells a side (0 for a plot, which has none).
    n: usize,
    cell: usize,
    /// The glyph scale of the bitmap font: 2, more for big pictures. A glyph
    /// is 5 x 7 squares of this side, 6 squares apart.
    font: usize,
    /// The top left corner of the cells.
    left: usize,
    top: usize,
    width: usize,
    height: usize,
    /// The largest value, for tables of values.
    max: Option<u32>,
    shapes: Vec<Shape>,
}

/// What a [`Scene`] draws over its cells.
enum Shape {
    /// A filled rectangle.
    Rect {
        left: usize,
        top: usize,
        width: usize,
        height: usize,
        colour: [u8; 3],
    },
    /// A line of text whose capitals start at `top`, placed at `x` by `anchor`.
    Text {
        x: usize,
        top: usize,
        anchor: Anchor,
        text: String,
    },
    /// The colour scale of values: its top is the largest value.
    Scale {
        left: usize,
        top: usize,
        width: usize,
        height: usize,
    },
}

/// Where a text stands relative to its `x`.
#[derive(Clone, Copy)]
enum Anchor {
    Start,
    Middle,
    End,
}

impl Scene {
    fn of(t: &Table) -> Scene {
        let n = t.size;
        let cell = (TARGET / n.max(1)).max(1);
        let font = 2 + n * cell / 1000;
        let glyph = 7 * font;
        let max = (0..n)
            .flat_map(|x| (0..n).filter_map(move |y| t.value(x, y)))
            .max();
        let mut s = Scene {
            title: title(t, max.is_some()),
            n,
            cell,
            font,
            left: 6 * font * 5 + 16,
            // The title, then the column ticks and their labels.
            top: 8 + glyph + 10 + glyph + 22,
            width: 0,
            height: 0,
            max,
            shapes: Vec::new(),
        };
        let title_right = 8 + text_width(&s.title, font);
        s.text(8, 8, Anchor::Start, s.title.clone());
        if cell >= GRID_FROM {
            s.grid();
        }
        s.frame_and_ticks();
        let (legend_right, legend_bottom) = s.legend();
        let side = n * cell;
        s.width = legend_right.max(title_right) + 16;
        s.height = (s.top + side + 6 + glyph).max(legend_bottom) + 16;
        s
    }

    fn rect(&mut self, left: usize, top: usize, width: usize, height: usize, colour: [u8; 3]) {
        self.shapes.push(Shape::Rect {
            left,
            top,
            width,
            height,
            colour,
        });
    }

    fn text(&mut self, x: usize, top: usize, anchor: Anchor, text: String) {
        self.shapes.push(Shape::Text {
            x,
            top,
            anchor,
            text,
        });
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

    /// One line of a pixel on each border between cells.
    fn grid(&mut self) {
        let (side, left, top) = (self.n * self.cell, self.left, self.top);
        for i in 1..self.n {
            let at = i * self.cell;
            self.rect(left + at, top, 1, side, GRID);
            self.rect(left, top + at, side, 1, GRID);
        }
    }

    fn frame_and_ticks(&mut self) {
        let side = self.n * self.cell;
        let (left, top, f) = (self.left, self.top, self.font);
        self.rect(left - 1, top - 1, side + 2, 1, BLACK);
        self.rect(left - 1, top + side, side + 2, 1, BLACK);
        self.rect(left - 1, top - 1, 1, side + 2, BLACK);
        self.rect(left + side, top - 1, 1, side + 2, BLACK);
        for v in (0..self.n).step_by(tick_step(self.n)) {
            // The tick marks the middle of cell v.
            let at = v * self.cell + self.cell / 2;
            self.rect(left + at, top - 6, 1, 5, BLACK);
            self.rect(left - 6, top + at, 5, 1, BLACK);
            let label_top = (top + at).saturating_sub(7 * f / 2);
            self.text(left + at, top - 8 - 7 * f, Anchor::Middle, v.to_string());
            self.text(left - 8, label_top, Anchor::End, v.to_string());
        }
        self.text(left + side + 6, top - 8 - 7 * f, Anchor::Start, "y".into());
        self.text(left - 8, top + side + 6, Anchor::End, "x".into());
    }

    /// The legend right of the cells: the colours of P and N, or the scale
    /// of values and the colour of P. Returns its right and bottom edges.
    fn legend(&mut self) -> (usize, usize) {
        let f = self.font;
        let (left, top) = (self.left + self.n * self.cell + 6 * f + 12, self.top);
        let label_left = left + 10 * f;
        let Some(max) = self.max else {
            self.swatch(left, top, BLACK, "P");
            let bottom = self.swatch(left, top + 12 * f, WHITE, "N");
            return (label_left + text_width("N", f), bottom);
        };
        let height = (self.n * self.cell).clamp(60, 200 * f);
        self.shapes.push(Shape::Scale {
            left,
            top,
            width: 8 * f,
            height,
        });
        let max = max.to_string();
        let right = label_left + text_width(&max, f);
        self.text(label_left, top, Anchor::Start, max);
        self.text(label_left, top + height - 7 * f, Anchor::Start, "1".into());
        let bottom = self.swatch(left, top + height + 5 * f, P_RED, "P");
        (right, bottom)
    }

    /// A framed square of `colour` with its label; returns its bottom edge.
    fn swatch(&mut self, left: usize, top: usize, colour: [u8; 3], label: &str) -> usize {
        let side = 8 * self.font;
        self.rect(left - 1, top - 1, side + 2, side + 2, BLACK);
        self.rect(left, top, side, side, colour);
        let label_top = top + self.font / 2;
        self.text(
            left + side + 2 * self.font,
            label_top,
            Anchor::Start,
            label.into(),
        );
        top + side + 1
    }
}

/// The plot's area, in pixels: as wide as the tables' cells, less high.
const PLOT_WIDTH: usize = TARGET;
const PLOT_HEIGHT: usize = 400;

impl Scene {
    /// The plot of `values`, `G(n)` for `n = 0, 1, ...` of `game`: a dot a
    /// value (P-positions red), `n` across and `G(n)` up, ticks and their
    /// labels on both axes, the axes named; with `(preperiod, period)`, the
    /// preperiod shaded and a line where each period starts.
    fn plot(game: &str, values: &[u64], period: Option<(u64, u64)>) -> Scene {
        let font = 2;
        let glyph = 7 * font;
        let count = values.len();
        let max = values.iter().copied().max().unwrap_or(0).max(1);
        let label_width = text_width(&max.to_string(), font);
        let periodic = match period {
            Some((n0, p)) => format!(", period {p} from {n0}"),
            None => String::new(),
        };
        let mut s = Scene {
            title: format!("{game}: G(n) for 0 <= n < {count}{periodic}, P-positions red"),
            n: 0,
            cell: 1,
            font,
            left: label_width + 24 + 6 * font * 5,
            top: 8 + glyph + 10 + glyph + 10,
            width: 0,
            height: 0,
            max: None,
            shapes: Vec::new(),
        };
        let (left, top) = (s.left, s.top);
        // Each value a dot in the middle of its column of the plot.
        let step = PLOT_WIDTH as f64 / count.max(1) as f64;
        let dot = (step as usize).clamp(2, 6);
        let at_n = |n: usize| left + (n as f64 * step + step / 2.0) as usize;
        let at_value =
            |v: u64| top + PLOT_HEIGHT - (v as f64 / max as f64 * PLOT_HEIGHT as f64) as usize;
        // Under the dots: the preperiod's columns, and a line at the start
        // of each period.
        if let Some((n0, p)) = period {
            let n0 = usize::try_from(n0).unwrap_or(usize::MAX).min(count);
            let edge = |n: usize| left + (n as f64 * step) as usize;
            s.rect(edge(0), top - 4, edge(n0) - edge(0), PLOT_HEIGHT + 8, SAND);
            let p = usize::try_from(p).unwrap_or(usize::MAX).max(1);
            for start in (n0..count).step_by(p) {
                s.rect(edge(start), top - 4, 1, PLOT_HEIGHT + 8, PERIOD_BLUE);
            }
        }
        for (n, &v) in values.iter().enumerate() {
            let colour = if v == 0 { P_RED } else { BLACK };
            let (x, y) = (at_n(n), at_value(v));
            s.rect(x - dot / 2, y - dot / 2, dot, dot, colour);
        }
        // The frame, below and left of the dots.
        s.rect(left - 4, top + PLOT_HEIGHT + 4, PLOT_WIDTH + 8, 1, BLACK);
        s.rect(left - 4, top - 4, 1, PLOT_HEIGHT + 8, BLACK);
        for n in (0..count).step_by(tick_step(count)) {
            let x = at_n(n);
            s.rect(x, top + PLOT_HEIGHT + 4, 1, 5, BLACK);
            s.text(x, top + PLOT_HEIGHT + 12, Anchor::Middle, n.to_string());
        }
        let levels = usize::try_from(max).unwrap_or(usize::MAX).saturating_add(1);
        for v in (0..levels).step_by(tick_step(levels)) {
            let y = at_value(v as u64);
            s.rect(left - 9, y, 5, 1, BLACK);
            s.text(
                left - 12,
                y.saturating_sub(glyph / 2),
                Anchor::End,
                v.to_string(),
            );
        }
        s.text(8, 8, Anchor::Start, s.title.clone());
        s.text(left - 12, top - 8 - glyph, Anchor::End, "G(n)".into());
        let below = top + PLOT_HEIGHT + 12 + glyph + 8;
        s.text(
            left + PLOT_WIDTH,
            below,
            Anchor::End,
            "n (heap size)".into(),
        );
        s.width = (left + PLOT_WIDTH + 16).max(16 + text_width(&s.title, font));
        s.height = below + glyph + 12;
        s
    }
}

/// What a picture shows, e.g. `wythoff:k=2, Grundy values, 0 <= x, y < 60`.
fn title(t: &Table, values: bool) -> String {
    let what = if values { "Grundy values" } else { "outcomes" };
    format!("{}, {what}, 0 <= x, y < {}", t.game, t.size)
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

/// The anchors of the colour scale, evenly spaced from 0 to 1: dark blue
/// through teal and green to yellow.
const ANCHORS: [[f64; 3]; 5] = [
    [48.0, 18.0, 90.0],
    [49.0, 104.0, 142.0],
    [33.0, 145.0, 140.0],
    [94.0, 201.0, 98.0],
    [253.0, 231.0, 37.0],
];

/// The colour of `f` (0 to 1) on the scale, interpolated between anchors.
fn scale(f: f64) -> [u8; 3] {
    let f = f.clamp(0.0, 1.0) * (ANCHORS.len() - 1) as f64;
    let i = (f.floor() as usize).min(ANCHORS.len() - 2);
    let t = f - i as f64;
    let mix = |k: usize| (ANCHORS[i][k] * (1.0 - t) + ANCHORS[i + 1][k] * t).round() as u8;
    [mix(0), mix(1), mix(2)]
}

/// The colours of the pictures as JSON, for the web app's table, which is
/// drawn with the same ones: `{"p_value": "#e6141e", "p": "#000000", "n":
/// "#ffffff", "grid": ..., "anchors": ["#30125a", ...]}` (value 0, P and N
/// of an outcome table, the grid, and the scale's anchors from 0 to 1).
pub fn palette_json() -> String {
    serde_json::json!({
        "p_value": hex(P_RED),
        "p": hex(BLACK),
        "n": hex(WHITE),
        "grid": hex(GRID),
        "anchors": ANCHORS.map(|[r, g, b]| hex([r as u8, g as u8, b as u8])),
    })
    .to_string()
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

// ---------------------------------------------------------------- painters

/// What draws a scene's shapes in one format: the PNG's pixels, the SVG's
/// and TikZ's commands.
trait Painter {
    /// A filled rectangle, its corner and size in pixels.
    fn rect(&mut self, corner: (usize, usize), size: (usize, usize), colour: [u8; 3]);
    /// A line of text whose capitals start at `top`, placed at `x` by `anchor`.
    fn text(&mut self, x: usize, top: usize, anchor: Anchor, text: &str);
    /// The colour scale of values, its top the largest.
    fn scale(&mut self, corner: (usize, usize), size: (usize, usize));
}

impl Scene {
    /// Paints every shape, in order.
    fn paint(&self, painter: &mut impl Painter) {
        for shape in &self.shapes {
            match shape {
                &Shape::Rect {
                    left,
                    top,
                    width,
                    height,
                    colour,
                } => painter.rect((left, top), (width, height), colour),
                Shape::Text {
                    x,
                    top,
                    anchor,
                    text,
                } => painter.text(*x, *top, *anchor, text),
                &Shape::Scale {
                    left,
                    top,
                    width,
                    height,
                } => painter.scale((left, top), (width, height)),
            }
        }
    }

    /// Paints the cells of `t` that are not white, a rectangle a run of
    /// equal cells along a row (the SVG's and TikZ's cells).
    fn paint_cells(&self, t: &Table, painter: &mut impl Painter) {
        for (corner, size, colour) in self.cell_runs(t) {
            painter.rect(corner, size, colour);
        }
    }
}

// ---------------------------------------------------------------- PNG

/// Paints into a PNG's pixels, text in the bitmap font of scale `font`.
struct PngPainter<'a> {
    img: &'a mut RgbImage,
    font: usize,
}

impl Painter for PngPainter<'_> {
    fn rect(&mut self, (left, top): (usize, usize), (w, h): (usize, usize), colour: [u8; 3]) {
        fill(self.img, left, top, w, h, colour);
    }

    fn text(&mut self, x: usize, top: usize, anchor: Anchor, s: &str) {
        let w = text_width(s, self.font);
        let left = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x.saturating_sub(w / 2),
            Anchor::End => x.saturating_sub(w),
        };
        text(self.img, s, (left, top), self.font);
    }

    fn scale(&mut self, (left, top): (usize, usize), (width, height): (usize, usize)) {
        for i in 0..height {
            let share = 1.0 - i as f64 / (height - 1) as f64;
            fill(self.img, left, top + i, width, 1, scale(share));
        }
    }
}

impl Scene {
    /// The scene as a PNG file's bytes, with the cells of `cells`.
    fn png(&self, cells: Option<&Table>) -> Vec<u8> {
        encode_png(&self.draw_png(cells))
    }

    fn draw_png(&self, cells: Option<&Table>) -> RgbImage {
        let mut img = RgbImage::from_pixel(self.width as u32, self.height as u32, Rgb(WHITE));
        if let Some(t) = cells {
            for x in 0..self.n {
                for y in 0..self.n {
                    let c = self.colour(t, x, y);
                    let (px, py) = (self.left + y * self.cell, self.top + x * self.cell);
                    fill(&mut img, px, py, self.cell, self.cell, c);
                }
            }
            self.mark_p_positions(&mut img, t);
        }
        self.paint(&mut PngPainter {
            img: &mut img,
            font: self.font,
        });
        img
    }

    /// Draws a 3 x 3 marker on each P-position whose cell is too small to see.
    fn mark_p_positions(&self, img: &mut RgbImage, t: &Table) {
        if self.cell >= MARKED_BELOW {
            return;
        }
        for x in 0..self.n {
            for y in (0..self.n).filter(|&y| t.is_p(x, y)) {
                let (px, py) = (self.left + y * self.cell, self.top + x * self.cell);
                let c = self.colour(t, x, y);
                let (px, py) = (
                    px.saturating_sub(1).max(self.left),
                    py.saturating_sub(1).max(self.top),
                );
                fill(img, px, py, 3, 3, c);
            }
        }
    }
}

fn fill(img: &mut RgbImage, left: usize, top: usize, w: usize, h: usize, c: [u8; 3]) {
    for py in top..(top + h).min(img.height() as usize) {
        for px in left..(left + w).min(img.width() as usize) {
            img.put_pixel(px as u32, py as u32, Rgb(c));
        }
    }
}

/// 5 x 7 glyphs: seven rows of five squares, `1` drawn.
const GLYPHS: &[(char, &str)] = &[
    ('0', "01110 10001 10011 10101 11001 10001 01110"),
    ('1', "00100 01100 00100 00100 00100 00100 01110"),
    ('2', "01110 10001 00001 00010 00100 01000 11111"),
    ('3', "11110 00001 00001 01110 00001 00001 11110"),
    ('4', "00010 00110 01010 10010 11111 00010 00010"),
    ('5', "11111 10000 11110 00001 00001 10001 01110"),
    ('6', "00110 01000 10000 11110 10001 10001 01110"),
    ('7', "11111 00001 00010 00100 01000 01000 01000"),
    ('8', "01110 10001 10001 01110 10001 10001 01110"),
    ('9', "01110 10001 10001 01111 00001 00010 01100"),
    ('A', "01110 10001 10001 11111 10001 10001 10001"),
    ('B', "11110 10001 10001 11110 10001 10001 11110"),
    ('C', "01110 10001 10000 10000 10000 10001 01110"),
    ('D', "11100 10010 10001 10001 10001 10010 11100"),
    ('E', "11111 10000 10000 11110 10000 10000 11111"),
    ('F', "11111 10000 10000 11110 10000 10000 10000"),
    ('G', "01110 10001 10000 10111 10001 10001 01111"),
    ('H', "10001 10001 10001 11111 10001 10001 10001"),
    ('I', "01110 00100 00100 00100 00100 00100 01110"),
    ('J', "00111 00010 00010 00010 00010 10010 01100"),
    ('K', "10001 10010 10100 11000 10100 10010 10001"),
    ('L', "10000 10000 10000 10000 10000 10000 11111"),
    ('M', "10001 11011 10101 10101 10001 10001 10001"),
    ('N', "10001 10001 11001 10101 10011 10001 10001"),
    ('O', "01110 10001 10001 10001 10001 10001 01110"),
    ('P', "11110 10001 10001 11110 10000 10000 10000"),
    ('Q', "01110 10001 10001 10001 10101 10010 01101"),
    ('R', "11110 10001 10001 11110 10100 10010 10001"),
    ('S', "01111 10000 10000 01110 00001 00001 11110"),
    ('T', "11111 00100 00100 00100 00100 00100 00100"),
    ('U', "10001 10001 10001 10001 10001 10001 01110"),
    ('V', "10001 10001 10001 10001 10001 01010 00100"),
    ('W', "10001 10001 10001 10101 10101 10101 01010"),
    ('X', "10001 10001 01010 00100 01010 10001 10001"),
    ('Y', "10001 10001 01010 00100 00100 00100 00100"),
    ('Z', "11111 00001 00010 00100 01000 10000 11111"),
    ('a', "00000 00000 01110 00001 01111 10001 01111"),
    ('b', "10000 10000 10110 11001 10001 10001 11110"),
    ('c', "00000 00000 01110 10000 10000 10001 01110"),
    ('d', "00001 00001 01101 10011 10001 10001 01111"),
    ('e', "00000 00000 01110 10001 11111 10000 01110"),
    ('f', "00110 01001 01000 11100 01000 01000 01000"),
    ('g', "00000 01111 10001 10001 01111 00001 01110"),
    ('h', "10000 10000 10110 11001 10001 10001 10001"),
    ('i', "00100 00000 01100 00100 00100 00100 01110"),
    ('j', "00010 00000 00110 00010 00010 10010 01100"),
    ('k', "10000 10000 10010 10100 11000 10100 10010"),
    ('l', "01100 00100 00100 00100 00100 00100 01110"),
    ('m', "00000 00000 11010 10101 10101 10001 10001"),
    ('n', "00000 00000 10110 11001 10001 10001 10001"),
    ('o', "00000 00000 01110 10001 10001 10001 01110"),
    ('p', "00000 11110 10001 10001 11110 10000 10000"),
    ('q', "00000 01101 10011 10001 01111 00001 00001"),
    ('r', "00000 00000 10110 11001 10000 10000 10000"),
    ('s', "00000 00000 01110 10000 01110 00001 11110"),
    ('t', "01000 01000 11100 01000 01000 01001 00110"),
    ('u', "00000 00000 10001 10001 10001 10011 01101"),
    ('v', "00000 00000 10001 10001 10001 01010 00100"),
    ('w', "00000 00000 10001 10001 10101 10101 01010"),
    ('x', "00000 00000 10001 01010 00100 01010 10001"),
    ('y', "00000 00000 10001 10001 01010 00100 11000"),
    ('z', "00000 00000 11111 00010 00100 01000 11111"),
    (':', "00000 01100 01100 00000 01100 01100 00000"),
    ('=', "00000 00000 11111 00000 11111 00000 00000"),
    (',', "00000 00000 00000 00000 01100 00100 01000"),
    ('.', "00000 00000 00000 00000 00000 01100 01100"),
    ('+', "00000 00100 00100 11111 00100 00100 00000"),
    ('-', "00000 00000 00000 11111 00000 00000 00000"),
    ('<', "00010 00100 01000 10000 01000 00100 00010"),
    ('>', "01000 00100 00010 00001 00010 00100 01000"),
    ('(', "00010 00100 01000 01000 01000 00100 00010"),
    (')', "01000 00100 00010 00010 00010 00100 01000"),
    ('[', "01110 01000 01000 01000 01000 01000 01110"),
    (']', "01110 00010 00010 00010 00010 00010 01110"),
    ('/', "00000 00001 00010 00100 01000 10000 00000"),
    ('_', "00000 00000 00000 00000 00000 00000 11111"),
    ('*', "00000 00100 10101 01110 10101 00100 00000"),
    ('^', "00100 01010 10001 00000 00000 00000 00000"),
    (' ', "00000 00000 00000 00000 00000 00000 00000"),
];

/// The glyph of a character without one of its own: `?`.
const UNKNOWN_GLYPH: &str = "01110 10001 00001 00010 00100 00000 00100";

/// The 5 x 7 glyph of `c` ([`GLYPHS`]), or `?` for a character without one.
fn glyph(c: char) -> &'static str {
    GLYPHS
        .iter()
        .find(|(known, _)| *known == c)
        .map_or(UNKNOWN_GLYPH, |(_, rows)| rows)
}

fn text_width(s: &str, scale: usize) -> usize {
    s.chars().count() * 6 * scale
}

fn text(img: &mut RgbImage, s: &str, (left, top): (usize, usize), scale: usize) {
    for (k, ch) in s.chars().enumerate() {
        for (row, bits) in glyph(ch).split(' ').enumerate() {
            for (col, bit) in bits.bytes().enumerate() {
                if bit == b'1' {
                    let px = left + (k * 6 + col) * scale;
                    fill(img, px, top + row * scale, scale, scale, BLACK);
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

/// Writes SVG elements, text in a monospace font of the bitmap font's size.
struct SvgPainter<'a> {
    s: &'a mut String,
    font: usize,
}

impl Painter for SvgPainter<'_> {
    fn rect(&mut self, corner: (usize, usize), size: (usize, usize), colour: [u8; 3]) {
        svg_rect(self.s, corner, size, &hex(colour));
    }

    fn text(&mut self, x: usize, top: usize, anchor: Anchor, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.s,
            r#"<text x="{x}" y="{}" text-anchor="{anchor}">{}</text>"#,
            top + 7 * self.font,
            escape_xml(text)
        );
    }

    fn scale(&mut self, corner: (usize, usize), size: (usize, usize)) {
        let _ = writeln!(
            self.s,
            r#"<defs><linearGradient id="scale" x1="0" y1="1" x2="0" y2="0">"#
        );
        // The scale is linear between its anchors: a stop at each anchor
        // draws it exactly.
        for k in 0..ANCHORS.len() {
            let f = k as f64 / (ANCHORS.len() - 1) as f64;
            let _ = writeln!(
                self.s,
                r#"<stop offset="{f}" stop-color="{}"/>"#,
                hex(scale(f))
            );
        }
        let _ = writeln!(self.s, "</linearGradient></defs>");
        svg_rect(self.s, corner, size, "url(#scale)");
    }
}

/// A run of equal cells along a row: its corner, its size and its colour,
/// in pixels.
type CellRun = ((usize, usize), (usize, usize), [u8; 3]);

/// Above this side the cells of an SVG are one embedded PNG, one pixel a cell.
const SVG_RECT_LIMIT: usize = 300;

impl Scene {
    /// The SVG of the scene. Its text is set in a monospace font of the
    /// bitmap font's size: 10 units a glyph scale gives capitals about 7
    /// squares high and 6 squares apart.
    fn svg_text(&self, cells: Option<&Table>) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="monospace" font-size="{}">"#,
            self.width,
            self.height,
            10 * self.font
        );
        let _ = writeln!(s, "<title>{}</title>", escape_xml(&self.title));
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
        let mut painter = SvgPainter {
            s: &mut s,
            font: self.font,
        };
        match cells {
            Some(t) if self.n <= SVG_RECT_LIMIT => self.paint_cells(t, &mut painter),
            Some(t) => self.svg_cell_image(painter.s, t),
            None => {}
        }
        self.paint(&mut painter);
        s.push_str("</svg>\n");
        s
    }

    /// The cells that are not white as rectangles, `(corner, size, colour)`:
    /// one a run of equal cells along a row.
    fn cell_runs(&self, t: &Table) -> Vec<CellRun> {
        let mut runs = Vec::new();
        for x in 0..self.n {
            let mut y = 0;
            while y < self.n {
                let c = self.colour(t, x, y);
                let run = (y..self.n)
                    .take_while(|&z| self.colour(t, x, z) == c)
                    .count();
                if c != WHITE {
                    let corner = (self.left + y * self.cell, self.top + x * self.cell);
                    runs.push((corner, (run * self.cell, self.cell), c));
                }
                y += run;
            }
        }
        runs
    }

    /// The cells as one embedded PNG, one pixel a cell, scaled up.
    fn svg_cell_image(&self, s: &mut String, t: &Table) {
        let side = self.n * self.cell;
        let mut cells = RgbImage::new(self.n as u32, self.n as u32);
        for x in 0..self.n {
            for y in 0..self.n {
                cells.put_pixel(y as u32, x as u32, Rgb(self.colour(t, x, y)));
            }
        }
        let _ = writeln!(
            s,
            r#"<image x="{}" y="{}" width="{side}" height="{side}" style="image-rendering:pixelated" href="data:image/png;base64,{}"/>"#,
            self.left,
            self.top,
            base64(&encode_png(&cells))
        );
    }
}

fn svg_rect(s: &mut String, (left, top): (usize, usize), (w, h): (usize, usize), fill: &str) {
    let _ = writeln!(
        s,
        r#"<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="{fill}"/>"#
    );
}

// ---------------------------------------------------------------- TikZ

impl Scene {
    /// The scene as a standalone LaTeX document of one TikZ picture, a pixel
    /// half a point (y downwards, as in the PNG): the cells (runs along a
    /// row), every shape, the scale as its linear segments between anchors,
    /// the text in typewriter type of the bitmap font's size.
    fn tikz_text(&self, cells: Option<&Table>) -> String {
        // The picture's commands, and the colours they name (each defined
        // once, by name, before the document: plain xcolor RGB).
        let mut painter = TikzPainter {
            s: String::new(),
            colours: BTreeSet::new(),
        };
        if let Some(t) = cells {
            self.paint_cells(t, &mut painter);
        }
        self.paint(&mut painter);
        let TikzPainter { s, colours } = painter;
        let mut document = String::new();
        let size = 5 * self.font;
        let _ = writeln!(document, "% {}", self.title.replace('\n', " "));
        let _ = writeln!(document, "\\documentclass[tikz,border=2pt]{{standalone}}");
        for [r, g, b] in colours {
            let _ = writeln!(
                document,
                "\\definecolor{{{}}}{{RGB}}{{{r},{g},{b}}}",
                colour_name([r, g, b])
            );
        }
        let _ = writeln!(document, "\\begin{{document}}");
        let _ = writeln!(
            document,
            "\\begin{{tikzpicture}}[x=0.5pt,y=-0.5pt,font=\\ttfamily\\fontsize{{{size}}}{{{}}}\\selectfont]",
            size + 2
        );
        document.push_str(&s);
        document.push_str("\\end{tikzpicture}\n\\end{document}\n");
        document
    }
}

/// Writes TikZ commands, noting the colours they name.
struct TikzPainter {
    s: String,
    colours: BTreeSet<[u8; 3]>,
}

impl TikzPainter {
    /// The name of `colour` in the document, noted among those to define.
    fn colour(&mut self, colour: [u8; 3]) -> String {
        self.colours.insert(colour);
        colour_name(colour)
    }
}

impl Painter for TikzPainter {
    fn rect(&mut self, (left, top): (usize, usize), (w, h): (usize, usize), colour: [u8; 3]) {
        let name = self.colour(colour);
        let _ = writeln!(
            self.s,
            "\\fill[{name}] ({left},{top}) rectangle ++({w},{h});"
        );
    }

    fn text(&mut self, x: usize, top: usize, anchor: Anchor, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "north west",
            Anchor::Middle => "north",
            Anchor::End => "north east",
        };
        let _ = writeln!(
            self.s,
            "\\node[anchor={anchor},inner sep=0pt] at ({x},{top}) {{{}}};",
            escape_tex(text)
        );
    }

    fn scale(&mut self, (left, top): (usize, usize), (width, height): (usize, usize)) {
        // The largest value at the top: the anchors' segments from the bottom up.
        let segments = ANCHORS.len() - 1;
        for k in 0..segments {
            let (low, high) = (k as f64 / segments as f64, (k + 1) as f64 / segments as f64);
            let bottom = top + height - (low * height as f64) as usize;
            let upper = top + height - (high * height as f64) as usize;
            let (from, to) = (self.colour(scale(low)), self.colour(scale(high)));
            let _ = writeln!(
                self.s,
                "\\shade[bottom color={from},top color={to}] ({left},{bottom}) rectangle ++({width},{});",
                upper as i64 - bottom as i64
            );
        }
    }
}

/// A colour's name in a TikZ document: `c` and its hexadecimal digits.
fn colour_name(colour: [u8; 3]) -> String {
    format!("c{}", &hex(colour)[1..])
}

/// `text` for LaTeX's text mode: its special characters written as
/// commands, `<` and `>` in math (the default encoding has no such glyphs).
fn escape_tex(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => escaped.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                escaped.push('\\');
                escaped.push(c);
            }
            '^' => escaped.push_str("\\^{}"),
            '~' => escaped.push_str("\\~{}"),
            '<' => escaped.push_str("$<$"),
            '>' => escaped.push_str("$>$"),
            _ => escaped.push(c),
        }
    }
    escaped
}

/// `text` with the characters that XML reserves written as entities.
fn escape_xml(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(c),
        }
    }
    escaped
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

    fn outcomes(game: &str, size: usize) -> Table {
        let cells = (0..size * size).map(|i| i % (size + 1) == 0).collect();
        Table {
            game: game.into(),
            size,
            cells: grundy::catalog::Cells::Outcomes(cells),
        }
    }

    #[test]
    fn the_title_has_a_glyph_for_each_character_and_room_in_the_picture() {
        let long = "twopile:1,0+0,1+1,1+2,1+1,2+3,1+1,3+4,1+1,4+5,1+1,5+6,1+1,6:3";
        for game in ["wythoff:k=2", "wythoff:ratios", long] {
            let t = outcomes(game, 3);
            let title = title(&t, false);
            for c in title.chars() {
                assert_ne!(glyph(c), glyph('\u{1}'), "{c:?} has no glyph");
            }
            let scene = Scene::of(&t);
            assert!(8 + text_width(&title, scene.font) < scene.width, "{game}");
        }
        let t = outcomes("wythoff:k=2", 60);
        assert_eq!(
            title(&t, true),
            "wythoff:k=2, Grundy values, 0 <= x, y < 60"
        );
    }

    #[test]
    fn every_glyph_is_seven_rows_of_five_squares() {
        for c in ' '..='~' {
            let rows: Vec<&str> = glyph(c).split(' ').collect();
            assert_eq!(rows.len(), 7, "{c:?}");
            assert!(
                rows.iter()
                    .all(|r| r.len() == 5 && r.bytes().all(|b| b == b'0' || b == b'1')),
                "{c:?}"
            );
        }
    }

    #[test]
    fn svg_text_is_escaped() {
        assert_eq!(
            escape_xml("0 <= x & \"y\" > 1"),
            "0 &lt;= x &amp; &quot;y&quot; &gt; 1"
        );
        let t = outcomes("script:a<b&c.rhai", 2);
        let svg = Scene::of(&t).svg_text(Some(&t));
        assert!(svg.contains("script:a&lt;b&amp;c.rhai, outcomes, 0 &lt;= x, y &lt; 2"));
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(10), 1);
        assert_eq!(tick_step(50), 5);
        assert_eq!(tick_step(2000), 200);
    }
}
