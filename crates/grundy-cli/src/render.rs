//! Tables as files: CSV, and pictures (PNG and SVG) drawn like a textbook
//! figure: a title naming the game and what is drawn, (0, 0) at the top left,
//! y to the right and x downwards (line x of the CSV is row x of the picture),
//! ticks on both axes, each axis titled with what the game's numbers are
//! ("x = first pile size"), and a legend: P-positions black and N-positions
//! white for outcomes; for Grundy values a colour scale (`--colours`), with
//! the P-positions in a colour off it (red on the default scale).
//!
//! A heap game's sequence is drawn as a plot of `G(n)` against `n`
//! (`sequence --png/--svg`, from `--from N`), its P-positions (`G(n) = 0`) in
//! that colour.
//!
//! Every picture is drawn from one [`Scene`], as PNG, SVG or a LaTeX document
//! of one TikZ picture (`--tex`, for papers), so that they agree on every
//! shape. Text is set in DejaVu Sans ([`font`]), whose advances lay it out:
//! drawn by the PNG, named by the SVG, in TeX's own sans-serif for TikZ.
//! Floating point is used for colours and glyphs only.

mod canvas;
mod font;
mod palette;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;

use grundy::catalog::Table;
use grundy::limits::MAX_TABLE_SIDE;

use crate::files;
use canvas::Canvas;
use font::{Metrics, Placement};
use palette::{hex, Palette};
pub use palette::{palette_json, Colours};

/// The side, in pixels, that the cells of a picture fill at most.
const TARGET: usize = 800;
/// Below this many pixels a cell, a P-position gets a marker of 3 x 3 pixels.
const MARKED_BELOW: usize = 3;
/// From this many pixels a cell, the cells are divided by grid lines.
const GRID_FROM: usize = 6;
/// The blank border left and above a picture's text, in pixels.
const MARGIN: usize = 8;
/// The size of a small picture's text, in pixels an em: its capitals and
/// digits 13 pixels high, read at a glance when the picture is shown at
/// its size.
const TEXT_SIZE: usize = 18;

const WHITE: [u8; 3] = [255, 255, 255];
const BLACK: [u8; 3] = [0, 0, 0];
const GRID: [u8; 3] = [200, 200, 200];
/// A plot's preperiod, shaded, and the lines where its periods start.
const SAND: [u8; 3] = [243, 227, 192];
const PERIOD_BLUE: [u8; 3] = [80, 140, 220];

/// How the pictures are drawn, besides what they show: the colour map of
/// the values, and where a plot starts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// `--colours`: the map of values, and the colour of the P-positions.
    pub colours: Colours,
    /// `--from N`: a plot draws `G(n)` for `n >= N` only (0 for tables).
    pub from: u64,
}

/// Refuses `--from N` for a plot of `count` values, `G(n)` for `n < count`,
/// unless `N` is one of them (an empty plot from 0 is drawn as before).
pub fn check_from(from: u64, count: u64) -> Result<(), grundy::Error> {
    if from > 0 && from >= count {
        return Err(grundy::Error::BadArgument(format!(
            "--from {from} starts past the plot, which draws G(n) for n < {count}"
        )));
    }
    Ok(())
}

/// What `table` writes besides its answer: the picture and CSV files, and
/// the CSV on stdout for `--csv -`.
pub struct Outputs {
    files: Vec<OutputFile>,
    csv_to_stdout: bool,
    style: Style,
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

/// The pictures asked for: a PNG, an SVG and a LaTeX (TikZ) file, and how
/// they are drawn.
#[derive(Default)]
pub struct Pictures {
    /// `--png FILE`.
    pub png: Option<PathBuf>,
    /// `--svg FILE`.
    pub svg: Option<PathBuf>,
    /// `--tex FILE`.
    pub tex: Option<PathBuf>,
    /// `--colours`, `--from`.
    pub style: Style,
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
        let style = pictures.style;
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
            style,
        })
    }

    /// `--from N` of the plots (0 for tables): the first `n` they draw.
    pub fn from(&self) -> u64 {
        self.style.from
    }

    /// Whether the CSV goes to stdout: then nothing else may.
    pub fn csv_to_stdout(&self) -> bool {
        self.csv_to_stdout
    }

    /// Writes `table` to each file, which is replaced only once complete: on
    /// failure the old file is kept. Returns the paths written. A failure here
    /// (a full disk) is not bad input: the files were checked before the work.
    pub fn write_files(&self, table: &Table) -> io::Result<Vec<PathBuf>> {
        let palette = self.style.colours.palette();
        self.write_scene(Some(table), || Scene::of(table, palette))
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
    /// writable, and `--from` checked against the `count` values plotted
    /// when it is known before the work (not for `period`); refused beyond
    /// [`MAX_PLOTTED`] values, before the work.
    pub fn choose_plot(pictures: Pictures, known: Option<u64>) -> Result<Outputs, grundy::Error> {
        let count = known.unwrap_or(0);
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
        if let Some(count) = known {
            check_from(pictures.style.from, count)?;
        }
        Outputs::choose(pictures, None, false, 0)
    }

    /// Writes the plot of `values`, the sequence of the game `spec` named
    /// `name`, to each file (as [`Outputs::write_files`]), from `--from`
    /// (checked by [`check_from`]) and with its `(preperiod, period)` marked
    /// when given; returns the paths written.
    pub fn write_plot(
        &self,
        (name, spec): (&str, &str),
        values: &[u64],
        period: Option<(u64, u64)>,
    ) -> io::Result<Vec<PathBuf>> {
        let plotted = Plotted {
            name,
            noun: numbers_noun(spec),
            values,
            from: usize::try_from(self.style.from).unwrap_or(usize::MAX),
            period,
        };
        let palette = self.style.colours.palette();
        self.write_scene(None, || Scene::plot(&plotted, palette))
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
    Scene::of(table, Colours::default().palette()).png(Some(table))
}

/// `table` drawn as `--svg` draws it: the SVG file's text.
pub fn svg_bytes(table: &Table) -> Vec<u8> {
    Scene::of(table, Colours::default().palette())
        .svg_text(Some(table))
        .into_bytes()
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
    /// The size of the text, in pixels an em ([`TEXT_SIZE`], more for big
    /// pictures).
    em: usize,
    /// The top left corner of the cells.
    left: usize,
    top: usize,
    width: usize,
    height: usize,
    /// The largest value, for tables of values.
    max: Option<u32>,
    /// The colours of the values.
    palette: Palette,
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
    /// A line of text on a baseline through `(x, baseline)`, placed along
    /// it by `anchor`; `turned`: reading upwards (`x` is then the baseline
    /// and `baseline` the point that `anchor` places).
    Text {
        x: usize,
        baseline: usize,
        anchor: Anchor,
        turned: bool,
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

/// Where a text stands relative to its point, along its reading direction.
#[derive(Clone, Copy)]
enum Anchor {
    Start,
    Middle,
    End,
}

/// The size of the text of a picture whose cells are `side` pixels a side:
/// 8 pixels larger every 1000 pixels, so that the labels of a big picture
/// still read when it is shown smaller. Even, so that TikZ's size (a pixel
/// half a point) is a whole point.
fn text_size(side: usize) -> usize {
    TEXT_SIZE + 8 * (side / 1000)
}

impl Scene {
    /// The picture of table `t`: its title, the columns' axis titled above
    /// the cells and the rows' turned on their left, ticks, the cells (in
    /// `palette` for values) and the legend on the right.
    fn of(t: &Table, palette: Palette) -> Scene {
        let n = t.size;
        let cell = (TARGET / n.max(1)).max(1);
        let side = n * cell;
        let em = text_size(side);
        let m = font::metrics(em);
        let max = (0..n)
            .flat_map(|x| (0..n).filter_map(move |y| t.value(x, y)))
            .max();
        let noun = numbers_noun(&t.game);
        let (across, down) = (format!("y = second {noun}"), format!("x = first {noun}"));
        let widest_tick = ticks(0, n)
            .map(|v| font::width(&v.to_string(), em))
            .max()
            .unwrap_or(0);
        // Down the top: the title, a line's space, the columns' title, their
        // tick labels, the ticks.
        let title_base = MARGIN + m.cap;
        let across_base = title_base + m.descent + em + m.cap;
        let labels_base = across_base + m.descent + em / 2 + m.cap;
        let mut s = Scene {
            title: title(t, max.is_some()),
            n,
            cell,
            em,
            // Across the left: the rows' title turned, the tick labels, the ticks.
            left: MARGIN + m.cap + m.descent + em / 2 + widest_tick + 8,
            top: labels_base + m.descent + 8,
            width: 0,
            height: 0,
            max,
            palette,
            shapes: Vec::new(),
        };
        s.text(MARGIN, title_base, Anchor::Start, s.title.clone());
        if cell >= GRID_FROM {
            s.grid();
        }
        s.frame_and_ticks(m);
        let (across_right, down_bottom) = s.axis_titles(m, across_base, (across, down));
        let (legend_right, legend_bottom) = s.legend(m);
        let title_right = MARGIN + font::width(&s.title, em);
        s.width = legend_right.max(title_right).max(across_right) + 16;
        s.height = (s.top + side).max(down_bottom).max(legend_bottom) + 16;
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

    /// A line of text read across, on the baseline through `(x, baseline)`.
    fn text(&mut self, x: usize, baseline: usize, anchor: Anchor, text: String) {
        self.shapes.push(Shape::Text {
            x,
            baseline,
            anchor,
            turned: false,
            text,
        });
    }

    /// A line of text read upwards, on the vertical baseline through `x`,
    /// placed at `y` by `anchor`.
    fn turned_text(&mut self, x: usize, y: usize, anchor: Anchor, text: String) {
        self.shapes.push(Shape::Text {
            x,
            baseline: y,
            anchor,
            turned: true,
            text,
        });
    }

    /// The colour of cell `(x, y)`.
    fn colour(&self, t: &Table, x: usize, y: usize) -> [u8; 3] {
        match (t.value(x, y), self.max) {
            (Some(0), _) => self.palette.p_value,
            (Some(v), Some(max)) => self.palette.at(v as f64 / max.max(1) as f64),
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

    fn frame_and_ticks(&mut self, m: Metrics) {
        let side = self.n * self.cell;
        let (left, top) = (self.left, self.top);
        self.rect(left - 1, top - 1, side + 2, 1, BLACK);
        self.rect(left - 1, top + side, side + 2, 1, BLACK);
        self.rect(left - 1, top - 1, 1, side + 2, BLACK);
        self.rect(left + side, top - 1, 1, side + 2, BLACK);
        for v in ticks(0, self.n) {
            // The tick marks the middle of cell v; a row's label has the
            // middle of its digits there.
            let at = v * self.cell + self.cell / 2;
            self.rect(left + at, top - 6, 1, 5, BLACK);
            self.rect(left - 6, top + at, 5, 1, BLACK);
            let label = v.to_string();
            self.text(
                left + at,
                top - 8 - m.descent,
                Anchor::Middle,
                label.clone(),
            );
            self.text(left - 8, top + at + m.cap / 2, Anchor::End, label);
        }
    }

    /// The axes' titles: `across` centred over the columns on the baseline
    /// `across_base`, `down` turned, centred beside the rows at the left
    /// edge. Returns the right edge of the one and the bottom of the other
    /// (either may outreach the cells of a small table).
    fn axis_titles(
        &mut self,
        m: Metrics,
        across_base: usize,
        (across, down): (String, String),
    ) -> (usize, usize) {
        let side = self.n * self.cell;
        let across_reach = side.max(font::width(&across, self.em));
        let down_reach = side.max(font::width(&down, self.em));
        let middle = self.left + across_reach / 2;
        self.text(middle, across_base, Anchor::Middle, across);
        let middle = self.top + down_reach / 2;
        self.turned_text(MARGIN + m.cap, middle, Anchor::Middle, down);
        (self.left + across_reach, self.top + down_reach)
    }

    /// The legend right of the cells: the colours of P and N, or the scale
    /// of values and the colour of P. Returns its right and bottom edges.
    fn legend(&mut self, m: Metrics) -> (usize, usize) {
        let em = self.em;
        let (left, top) = (self.left + self.n * self.cell + em + 6, self.top);
        let label_left = left + em + em / 2;
        let Some(max) = self.max else {
            self.swatch(left, top, BLACK, "P", m);
            let bottom = self.swatch(left, top + em + 8, WHITE, "N", m);
            return (label_left + font::width("N", em), bottom);
        };
        let height = (self.n * self.cell).clamp(4 * em, 22 * em);
        self.shapes.push(Shape::Scale {
            left,
            top,
            width: em,
            height,
        });
        let max = max.to_string();
        let right = label_left + font::width(&max, em).max(font::width("P", em));
        self.text(label_left, top + m.cap, Anchor::Start, max);
        self.text(label_left, top + height, Anchor::Start, "1".into());
        let p = self.palette.p_value;
        let bottom = self.swatch(left, top + height + m.descent + em / 2, p, "P", m);
        (right, bottom)
    }

    /// A framed square of `colour` with its label beside it, the middle of
    /// its capitals level with the square's; returns its bottom edge.
    fn swatch(
        &mut self,
        left: usize,
        top: usize,
        colour: [u8; 3],
        label: &str,
        m: Metrics,
    ) -> usize {
        let side = self.em;
        self.rect(left - 1, top - 1, side + 2, side + 2, BLACK);
        self.rect(left, top, side, side, colour);
        let baseline = top + (side + m.cap) / 2;
        self.text(
            left + side + side / 2,
            baseline,
            Anchor::Start,
            label.into(),
        );
        top + side + 1
    }
}

/// The plot's area, in pixels: as wide as the tables' cells, less high.
const PLOT_WIDTH: usize = TARGET;
const PLOT_HEIGHT: usize = 400;

/// What a plot draws: the game's values `G(n)`, `from` on, of the game
/// `name` whose numbers are each a `noun` ("heap size"), with its
/// `(preperiod, period)` when known.
struct Plotted<'a> {
    name: &'a str,
    noun: &'a str,
    values: &'a [u64],
    from: usize,
    period: Option<(u64, u64)>,
}

impl Scene {
    /// The plot of `p`: a dot a value (P-positions in `palette`'s colour of
    /// value 0), `n` across and `G(n)` up, ticks and their labels on both
    /// axes, the axes named; with a period, the preperiod shaded and a line
    /// where each period starts.
    fn plot(p: &Plotted<'_>, palette: Palette) -> Scene {
        let em = TEXT_SIZE;
        let m = font::metrics(em);
        let count = p.values.len();
        let from = p.from.min(count);
        let shown = &p.values[from..];
        let max = shown.iter().copied().max().unwrap_or(0).max(1);
        let levels = usize::try_from(max).unwrap_or(usize::MAX).saturating_add(1);
        let widest = ticks(0, levels)
            .map(|v| font::width(&v.to_string(), em))
            .chain([font::width("G(n)", em)])
            .max()
            .unwrap_or(0);
        let range = format!("{from} ≤ n < {count}");
        let periodic = match p.period {
            Some((n0, period)) => format!(", period {period} from {n0}"),
            None => String::new(),
        };
        let name = p.name;
        let p_name = palette.p_name;
        // Down the top: the title, a line's space, G(n) over the value labels.
        let title_base = MARGIN + m.cap;
        let axis_base = title_base + m.descent + em + m.cap;
        let mut s = Scene {
            title: format!("{name}: G(n) for {range}{periodic}, P-positions {p_name}"),
            n: 0,
            cell: 1,
            em,
            left: MARGIN + widest + 12,
            top: axis_base + m.descent + 8,
            width: 0,
            height: 0,
            max: None,
            palette,
            shapes: Vec::new(),
        };
        let (left, top) = (s.left, s.top);
        // Each value a dot in the middle of its column of the plot.
        let step = PLOT_WIDTH as f64 / shown.len().max(1) as f64;
        let dot = (step as usize).clamp(2, 6);
        let edge = |n: usize| left + ((n - from) as f64 * step) as usize;
        let at_n = |n: usize| left + ((n - from) as f64 * step + step / 2.0) as usize;
        let at_value =
            |v: u64| top + PLOT_HEIGHT - (v as f64 / max as f64 * PLOT_HEIGHT as f64) as usize;
        // Under the dots: the preperiod's columns, and a line at the start
        // of each period.
        if let Some((n0, period)) = p.period {
            let n0 = usize::try_from(n0).unwrap_or(usize::MAX);
            let shaded = edge(n0.clamp(from, count)) - edge(from);
            s.rect(edge(from), top - 4, shaded, PLOT_HEIGHT + 8, SAND);
            // The first period's start drawn: n0, or the first after `from`.
            let period = usize::try_from(period).unwrap_or(usize::MAX).max(1);
            let first = n0 + from.saturating_sub(n0).div_ceil(period) * period;
            for start in (first..count).step_by(period) {
                s.rect(edge(start), top - 4, 1, PLOT_HEIGHT + 8, PERIOD_BLUE);
            }
        }
        for (n, &v) in (from..).zip(shown) {
            let colour = if v == 0 { palette.p_value } else { BLACK };
            let (x, y) = (at_n(n), at_value(v));
            s.rect(x - dot / 2, y - dot / 2, dot, dot, colour);
        }
        // The frame, below and left of the dots.
        s.rect(left - 4, top + PLOT_HEIGHT + 4, PLOT_WIDTH + 8, 1, BLACK);
        s.rect(left - 4, top - 4, 1, PLOT_HEIGHT + 8, BLACK);
        let labels_base = top + PLOT_HEIGHT + 12 + m.cap;
        for n in ticks(from, count) {
            let x = at_n(n);
            s.rect(x, top + PLOT_HEIGHT + 4, 1, 5, BLACK);
            s.text(x, labels_base, Anchor::Middle, n.to_string());
        }
        for v in ticks(0, levels) {
            let y = at_value(v as u64);
            s.rect(left - 9, y, 5, 1, BLACK);
            s.text(left - 12, y + m.cap / 2, Anchor::End, v.to_string());
        }
        s.text(MARGIN, title_base, Anchor::Start, s.title.clone());
        s.text(left - 12, axis_base, Anchor::End, "G(n)".into());
        let below = labels_base + m.descent + em / 2 + m.cap;
        let across = format!("{} n", p.noun);
        s.text(left + PLOT_WIDTH / 2, below, Anchor::Middle, across);
        s.width = (left + PLOT_WIDTH + 16).max(MARGIN + font::width(&s.title, em) + 16);
        s.height = below + m.descent + 12;
        s
    }
}

/// What a picture shows, e.g. `wythoff:k=2, Grundy values, 0 ≤ x, y < 60`.
fn title(t: &Table, values: bool) -> String {
    let what = if values { "Grundy values" } else { "outcomes" };
    format!("{}, {what}, 0 ≤ x, y < {}", t.game, t.size)
}

/// What the numbers of the game `spec` are ("heap size", "pile size", the
/// noun its positions are read by), for the axes' titles.
fn numbers_noun(spec: &str) -> &'static str {
    use grundy::catalog::Numbers;
    match grundy::catalog::parse(spec).map(|game| game.form().numbers) {
        Ok(Numbers::Required(noun) | Numbers::Optional(noun)) => noun,
        _ => "number",
    }
}

/// The ticks of an axis of `from <= v < to`: the multiples of a round step
/// (1, 2 or 5 times a power of ten) giving at most about ten.
fn ticks(from: usize, to: usize) -> impl Iterator<Item = usize> {
    let step = tick_step(to - from);
    (from.next_multiple_of(step)..to).step_by(step)
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

// ---------------------------------------------------------------- painters

/// What draws a scene's shapes in one format: the PNG's pixels, the SVG's
/// and TikZ's commands.
trait Painter {
    /// A filled rectangle, its corner and size in pixels.
    fn rect(&mut self, corner: (usize, usize), size: (usize, usize), colour: [u8; 3]);
    /// A line of text on a baseline through `at`, placed along it by
    /// `anchor`; `turned`: reading upwards.
    fn text(&mut self, at: (usize, usize), anchor: Anchor, turned: bool, text: &str);
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
                    baseline,
                    anchor,
                    turned,
                    text,
                } => painter.text((*x, *baseline), *anchor, *turned, text),
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

/// Paints into a PNG's pixels, text in the built-in font at `em` pixels
/// an em and the scale in `palette`.
struct PngPainter<'a> {
    img: &'a mut Canvas,
    em: usize,
    palette: Palette,
}

impl Painter for PngPainter<'_> {
    fn rect(&mut self, (left, top): (usize, usize), (w, h): (usize, usize), colour: [u8; 3]) {
        self.img.fill((left, top), (w, h), colour);
    }

    fn text(&mut self, (x, y): (usize, usize), anchor: Anchor, turned: bool, s: &str) {
        // How far the start of the line is from its anchor, back along it.
        let w = font::width(s, self.em);
        let back = match anchor {
            Anchor::Start => 0,
            Anchor::Middle => w / 2,
            Anchor::End => w,
        };
        let (x, y) = if turned {
            (x, y + back)
        } else {
            (x.saturating_sub(back), y)
        };
        font::draw(self.img, s, self.em, Placement { x, y, turned });
    }

    fn scale(&mut self, (left, top): (usize, usize), (width, height): (usize, usize)) {
        for i in 0..height {
            let share = 1.0 - i as f64 / (height - 1) as f64;
            self.img
                .fill((left, top + i), (width, 1), self.palette.at(share));
        }
    }
}

impl Scene {
    /// The scene as a PNG file's bytes, with the cells of `cells`.
    fn png(&self, cells: Option<&Table>) -> Vec<u8> {
        self.draw_png(cells).png()
    }

    fn draw_png(&self, cells: Option<&Table>) -> Canvas {
        let mut img = Canvas::filled(self.width, self.height, WHITE);
        if let Some(t) = cells {
            for x in 0..self.n {
                for y in 0..self.n {
                    let c = self.colour(t, x, y);
                    let (px, py) = (self.left + y * self.cell, self.top + x * self.cell);
                    img.fill((px, py), (self.cell, self.cell), c);
                }
            }
            self.mark_p_positions(&mut img, t);
        }
        self.paint(&mut PngPainter {
            img: &mut img,
            em: self.em,
            palette: self.palette,
        });
        img
    }

    /// Draws a 3 x 3 marker on each P-position whose cell is too small to see.
    fn mark_p_positions(&self, img: &mut Canvas, t: &Table) {
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
                img.fill((px, py), (3, 3), c);
            }
        }
    }
}

// ---------------------------------------------------------------- SVG

/// Writes SVG elements, the scale in `palette`.
struct SvgPainter<'a> {
    s: &'a mut String,
    palette: Palette,
}

impl Painter for SvgPainter<'_> {
    fn rect(&mut self, corner: (usize, usize), size: (usize, usize), colour: [u8; 3]) {
        svg_rect(self.s, corner, size, &hex(colour));
    }

    fn text(&mut self, (x, y): (usize, usize), anchor: Anchor, turned: bool, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        // Turned a quarter anticlockwise about its point: reading upwards.
        let turn = if turned {
            format!(r#" transform="rotate(-90 {x} {y})""#)
        } else {
            String::new()
        };
        let _ = writeln!(
            self.s,
            r#"<text x="{x}" y="{y}" text-anchor="{anchor}"{turn}>{}</text>"#,
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
        for (f, colour) in self.palette.stops() {
            let _ = writeln!(
                self.s,
                r#"<stop offset="{f}" stop-color="{}"/>"#,
                hex(colour)
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
    /// The SVG of the scene. Its text names DejaVu Sans, the PNG's font,
    /// at the PNG's size, so that a viewer that has it draws the same lines.
    fn svg_text(&self, cells: Option<&Table>) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="{}" font-size="{}">"#,
            self.width,
            self.height,
            font::FAMILIES,
            self.em
        );
        let _ = writeln!(s, "<title>{}</title>", escape_xml(&self.title));
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
        let mut painter = SvgPainter {
            s: &mut s,
            palette: self.palette,
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
        let mut cells = Canvas::filled(self.n, self.n, WHITE);
        for x in 0..self.n {
            for y in 0..self.n {
                cells.set(y, x, self.colour(t, x, y));
            }
        }
        let _ = writeln!(
            s,
            r#"<image x="{}" y="{}" width="{side}" height="{side}" style="image-rendering:pixelated" href="data:image/png;base64,{}"/>"#,
            self.left,
            self.top,
            base64(&cells.png())
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
    /// The scene as a LaTeX document of one TikZ picture, a pixel half a
    /// point (y downwards, as in the PNG), on a page of its size (with a
    /// border of 2pt): the cells (runs along a row), every shape, the scale
    /// as its linear segments between anchors, the text in TeX's sans-serif
    /// (Computer Modern Sans, scalable by `fix-cm`) at the PNG's size. It
    /// needs only LaTeX's base and PGF (Debian's texlive-latex-base and
    /// texlive-pictures): the page is sized by `geometry`, not by the
    /// `standalone` class, which minimal installations lack.
    fn tikz_text(&self, cells: Option<&Table>) -> String {
        // The picture's commands, and the colours they name (each defined
        // once, by name, before the document: plain xcolor RGB).
        let mut painter = TikzPainter {
            s: String::new(),
            colours: BTreeSet::new(),
            palette: self.palette,
        };
        if let Some(t) = cells {
            self.paint_cells(t, &mut painter);
        }
        self.paint(&mut painter);
        let TikzPainter { s, colours, .. } = painter;
        let mut document = String::new();
        let size = self.em / 2;
        let (width, height) = (self.width, self.height);
        let _ = writeln!(document, "% {}", self.title.replace('\n', " "));
        let _ = writeln!(document, "\\RequirePackage{{fix-cm}}");
        let _ = writeln!(document, "\\documentclass{{article}}");
        let _ = writeln!(
            document,
            "\\usepackage[paperwidth={},paperheight={},margin=2pt]{{geometry}}",
            points(width + 8),
            points(height + 8)
        );
        let _ = writeln!(document, "\\usepackage{{tikz}}");
        for [r, g, b] in colours {
            let _ = writeln!(
                document,
                "\\definecolor{{{}}}{{RGB}}{{{r},{g},{b}}}",
                colour_name([r, g, b])
            );
        }
        let _ = writeln!(document, "\\pagestyle{{empty}}");
        let _ = writeln!(document, "\\begin{{document}}");
        let _ = writeln!(
            document,
            "\\noindent\\begin{{tikzpicture}}[x=0.5pt,y=-0.5pt,font=\\sffamily\\fontsize{{{size}}}{{{}}}\\selectfont]",
            size + 2
        );
        // The picture is the scene's rectangle, whatever TeX's text
        // reaches: the page holds it exactly.
        let _ = writeln!(
            document,
            "\\useasboundingbox (0,0) rectangle ({width},{height});"
        );
        document.push_str(&s);
        document.push_str("\\end{tikzpicture}\n\\end{document}\n");
        document
    }
}

/// `pixels` in TeX points, a pixel half a point: `451.5pt`.
fn points(pixels: usize) -> String {
    let half = if pixels % 2 == 1 { ".5" } else { "" };
    format!("{}{half}pt", pixels / 2)
}

/// Writes TikZ commands, noting the colours they name; the scale in
/// `palette`.
struct TikzPainter {
    s: String,
    colours: BTreeSet<[u8; 3]>,
    palette: Palette,
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

    fn text(&mut self, (x, y): (usize, usize), anchor: Anchor, turned: bool, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "base west",
            Anchor::Middle => "base",
            Anchor::End => "base east",
        };
        let turn = if turned { ",rotate=90" } else { "" };
        let _ = writeln!(
            self.s,
            "\\node[anchor={anchor}{turn},inner sep=0pt] at ({x},{y}) {{{}}};",
            escape_tex(text)
        );
    }

    fn scale(&mut self, (left, top): (usize, usize), (width, height): (usize, usize)) {
        // The largest value at the top: the anchors' segments from the bottom up.
        let stops: Vec<(f64, [u8; 3])> = self.palette.stops().collect();
        for pair in stops.windows(2) {
            let [(low, low_colour), (high, high_colour)] = [pair[0], pair[1]];
            let bottom = top + height - (low * height as f64) as usize;
            let upper = top + height - (high * height as f64) as usize;
            let (from, to) = (self.colour(low_colour), self.colour(high_colour));
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
/// commands, `<`, `>` and the signs beyond ASCII that the pictures write
/// in math (the default encoding has no such glyphs).
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
            '≤' => escaped.push_str("$\\leq$"),
            '≥' => escaped.push_str("$\\geq$"),
            '→' => escaped.push_str("$\\rightarrow$"),
            '−' => escaped.push_str("$-$"),
            '…' => escaped.push_str("\\dots{}"),
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
    fn the_font_draws_every_character_of_the_titles_and_they_fit() {
        let long = "twopile:1,0+0,1+1,1+2,1+1,2+3,1+1,3+4,1+1,4+5,1+1,5+6,1+1,6:3";
        let palette = Colours::default().palette();
        for game in ["wythoff:k=2", "wythoff:ratios", long] {
            let t = outcomes(game, 3);
            let title = title(&t, false);
            for c in title.chars() {
                assert!(font::has_glyph(c), "{c:?} has no glyph");
            }
            let scene = Scene::of(&t, palette);
            assert!(
                MARGIN + font::width(&title, scene.em) < scene.width,
                "{game}"
            );
        }
        let t = outcomes("wythoff:k=2", 60);
        assert_eq!(title(&t, true), "wythoff:k=2, Grundy values, 0 ≤ x, y < 60");
        for c in (' '..='~').chain("…→−≤≥éèü".chars()) {
            assert!(font::has_glyph(c), "{c:?} has no glyph");
        }
    }

    #[test]
    fn text_is_measured_by_its_glyphs() {
        // DejaVu Sans: digits 0.636 em, "i" 0.278 em, capitals 0.729 em high.
        assert_eq!(font::width("0", 100), 64);
        assert_eq!(font::width("10", 100), 128);
        assert_eq!(font::width("i", 100), 28);
        assert!(font::width("W", 18) > font::width("l", 18));
        let m = font::metrics(100);
        assert_eq!((m.cap, m.descent), (73, 24));
    }

    #[test]
    fn the_axes_are_titled_by_the_games_numbers() {
        let t = outcomes("wythoff", 5);
        let svg = Scene::of(&t, Colours::default().palette()).svg_text(Some(&t));
        assert!(svg.contains(">y = second pile size</text>"), "{svg}");
        assert!(svg.contains(r#"transform="rotate(-90 "#), "{svg}");
        assert!(svg.contains(">x = first pile size</text>"), "{svg}");
        assert_eq!(numbers_noun("kayles"), "heap size");
        assert_eq!(numbers_noun("no-such-game"), "number");
    }

    #[test]
    fn ticks_start_at_the_first_round_value_from_the_start() {
        assert_eq!(
            ticks(0, 10).collect::<Vec<_>>(),
            (0..10).collect::<Vec<_>>()
        );
        assert_eq!(
            ticks(40, 200).collect::<Vec<_>>(),
            [40, 60, 80, 100, 120, 140, 160, 180]
        );
        assert_eq!(ticks(41, 200).next(), Some(60));
        assert_eq!(ticks(0, 0).count(), 0);
    }

    #[test]
    fn svg_text_is_escaped() {
        assert_eq!(
            escape_xml("0 <= x & \"y\" > 1"),
            "0 &lt;= x &amp; &quot;y&quot; &gt; 1"
        );
        let t = outcomes("script:a<b&c.rhai", 2);
        let svg = Scene::of(&t, Colours::default().palette()).svg_text(Some(&t));
        assert!(svg.contains("script:a&lt;b&amp;c.rhai, outcomes, 0 ≤ x, y &lt; 2"));
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(10), 1);
        assert_eq!(tick_step(50), 5);
        assert_eq!(tick_step(2000), 200);
    }
}
