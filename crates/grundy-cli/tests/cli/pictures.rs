//! The pictures of `grundy table`: the SVG, rendered by resvg, is compared
//! with the PNG pixel by pixel, and both with the table's JSON. resvg is built
//! without text, so the SVG's text is not drawn: only there may the two
//! differ (the PNG's glyphs are black or, anti-aliased, grey where the
//! rendered SVG is white). The TikZ documents are compiled by pdflatex when
//! it is on PATH. The PNG files are decoded by the `png` crate, the one that
//! encodes them.

use crate::common;

use std::path::PathBuf;

use common::{grundy, json_of};
use resvg::{tiny_skia, usvg};
use serde_json::Value;

/// A pixel's colour: red, green and blue, 8 bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rgb([u8; 3]);

/// A picture of opaque RGB pixels, row by row from the top left; a pixel is
/// named by its column and row.
struct Picture {
    width: u32,
    height: u32,
    pixels: Vec<Rgb>,
}

impl Picture {
    /// The pixels of an 8-bit RGB PNG file (the only kind grundy writes).
    fn decode(path: &std::path::Path) -> Picture {
        let file = std::io::BufReader::new(std::fs::File::open(path).expect("the PNG file"));
        let mut reader = png::Decoder::new(file).read_info().expect("a PNG");
        let mut bytes = vec![0; reader.output_buffer_size().expect("a PNG of a usable size")];
        let info = reader.next_frame(&mut bytes).expect("a PNG's pixels");
        assert_eq!(
            (info.color_type, info.bit_depth),
            (png::ColorType::Rgb, png::BitDepth::Eight),
            "an 8-bit RGB PNG"
        );
        bytes.truncate(info.buffer_size());
        let pixels = bytes
            .chunks_exact(3)
            .map(|p| Rgb([p[0], p[1], p[2]]))
            .collect();
        Picture {
            width: info.width,
            height: info.height,
            pixels,
        }
    }

    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    /// Its width and height.
    fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The pixel at column `col` of row `row`.
    fn get_pixel(&self, col: u32, row: u32) -> &Rgb {
        assert!(
            col < self.width && row < self.height,
            "({col}, {row}) outside"
        );
        &self.pixels[row as usize * self.width as usize + col as usize]
    }

    /// Every pixel, row by row.
    fn pixels(&self) -> impl Iterator<Item = &Rgb> {
        self.pixels.iter()
    }

    /// Every pixel with its column and row, row by row.
    fn enumerate_pixels(&self) -> impl Iterator<Item = (u32, u32, &Rgb)> {
        let width = self.width as usize;
        self.pixels
            .iter()
            .enumerate()
            .map(move |(i, p)| ((i % width) as u32, (i / width) as u32, p))
    }
}

const BLACK: Rgb = Rgb([0, 0, 0]);
const WHITE: Rgb = Rgb([255, 255, 255]);
const GRID: Rgb = Rgb([200, 200, 200]);
const P_RED: Rgb = Rgb([230, 20, 30]);

/// A fresh folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-pictures-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The PNG and the rendered SVG of `table SPEC --size N [--values]`, both
/// written by one run.
fn both_pictures(test: &str, spec: &str, size: &str, values: bool) -> (Picture, Picture) {
    let mut args = vec!["table", spec, "--size", size];
    if values {
        args.push("--values");
    }
    let (png, svg, _) = pictures_of(test, &args);
    (png, svg)
}

/// The PNG and the rendered SVG that the command `args` writes with
/// `--png` and `--svg` in one run (a table, or a heap game's plot), and
/// what it printed.
fn pictures_of(test: &str, args: &[&str]) -> (Picture, Picture, String) {
    let dir = scratch(test);
    let (png, svg) = (dir.join("p.png"), dir.join("p.svg"));
    let mut all = args.to_vec();
    all.extend([
        "--png",
        png.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let out = grundy(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let png_image = Picture::decode(&png);
    let svg_image = render_svg(&std::fs::read(&svg).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    (png_image, svg_image, String::from_utf8(out.stdout).unwrap())
}

/// The SVG drawn by resvg on its own size, as opaque RGB.
fn render_svg(svg: &[u8]) -> Picture {
    let tree = usvg::Tree::from_data(svg, &usvg::Options::default()).expect("a valid SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    let pixels = pixmap
        .pixels()
        .iter()
        .map(|rendered| {
            assert_eq!(rendered.alpha(), 255, "the background is opaque");
            Rgb([rendered.red(), rendered.green(), rendered.blue()])
        })
        .collect();
    Picture {
        width: size.width(),
        height: size.height(),
        pixels,
    }
}

/// Where the cells are: found in the picture as its frame, the one
/// horizontal black line longer than any text.
struct Cells {
    left: u32,
    top: u32,
    cell: u32,
    n: u32,
}

impl Cells {
    fn find(image: &Picture, n: u32) -> Cells {
        for row in 0..image.height() {
            let mut run = 0;
            for col in 0..image.width() {
                if *image.get_pixel(col, row) == BLACK {
                    run += 1;
                    continue;
                }
                if run > 200 {
                    let side = run - 2;
                    assert_eq!(side % n, 0, "the frame holds whole cells");
                    let (left, top) = (col - run + 1, row + 1);
                    return Cells {
                        left,
                        top,
                        cell: side / n,
                        n,
                    };
                }
                run = 0;
            }
        }
        panic!("no frame in the picture");
    }

    /// The pixel in the middle of cell (x, y).
    fn centre(&self, x: u32, y: u32) -> (u32, u32) {
        let half = self.cell / 2;
        (
            self.left + y * self.cell + half,
            self.top + x * self.cell + half,
        )
    }
}

fn close(a: &Rgb, b: &Rgb, tolerance: u8) -> bool {
    a.0.iter()
        .zip(b.0)
        .all(|(&p, q)| p.abs_diff(q) <= tolerance)
}

/// Every pixel of the rendered SVG is the PNG's, but where the PNG draws
/// text (black on white, its edges grey); the colour scale's gradient may
/// differ by a few units.
fn assert_same_but_text(png: &Picture, svg: &Picture) {
    assert_eq!(png.dimensions(), svg.dimensions());
    let mut text = 0;
    let mut black = 0;
    for (col, row, p) in png.enumerate_pixels() {
        let s = svg.get_pixel(col, row);
        if close(p, s, 4) {
            continue;
        }
        let [r, g, b] = p.0;
        assert!(
            r == g && g == b && *s == WHITE,
            "pixel ({col}, {row}): PNG {p:?}, SVG {s:?}"
        );
        text += 1;
        black += usize::from(*p == BLACK);
    }
    assert!(text > 0 && black > 0, "the PNG has text");
}

/// The cells (x, y) of the table's JSON, as its CSV would give them.
fn json_cells(spec: &str, size: &str, values: bool) -> Vec<Vec<Value>> {
    let mut args = vec!["table", spec, "--size", size];
    if values {
        args.push("--values");
    }
    let key = if values { "values" } else { "outcomes" };
    let json = json_of(&args);
    serde_json::from_value(json[key].clone()).unwrap()
}

/// Borders between cells are grey lines of one pixel, drawn on the first
/// pixel of the cell after them; the pixels either side are the cells'.
fn assert_grid_on_borders(image: &Picture, c: &Cells) {
    for i in 1..c.n {
        let line = i * c.cell;
        for along in 0..c.n * c.cell {
            let vertical = (c.left + line, c.top + along);
            let horizontal = (c.left + along, c.top + line);
            for (col, row) in [vertical, horizontal] {
                assert_eq!(*image.get_pixel(col, row), GRID, "({col}, {row})");
            }
        }
        for k in 0..c.n {
            let (centre_col, centre_row) = c.centre(k, k);
            for (col, row) in [
                (c.left + line - 1, centre_row),
                (c.left + line + 1, centre_row),
                (centre_col, c.top + line - 1),
                (centre_col, c.top + line + 1),
            ] {
                assert_ne!(*image.get_pixel(col, row), GRID, "({col}, {row})");
            }
        }
    }
}

/// The colours of `pixels` in order, each with how many pixels it holds in
/// a row.
fn runs(pixels: impl Iterator<Item = Rgb>) -> Vec<(Rgb, u32)> {
    let mut runs: Vec<(Rgb, u32)> = Vec::new();
    for colour in pixels {
        match runs.last_mut() {
            Some((last, count)) if *last == colour => *count += 1,
            _ => runs.push((colour, 1)),
        }
    }
    runs
}

/// The colours down one column of pixels, with their run lengths.
fn runs_down(image: &Picture, col: u32, rows: std::ops::Range<u32>) -> Vec<(Rgb, u32)> {
    runs(rows.map(|row| *image.get_pixel(col, row)))
}

#[test]
fn outcome_pictures_agree_and_show_p_black_and_n_white() {
    let (png, svg) = both_pictures("outcomes", "wythoff", "20", false);
    assert_same_but_text(&png, &svg);
    let cells = Cells::find(&png, 20);
    assert_eq!(cells.cell, 40);
    for (x, line) in (0..).zip(json_cells("wythoff", "20", false)) {
        for (y, outcome) in (0..).zip(line) {
            let (col, row) = cells.centre(x, y);
            let want = if outcome == "P" { BLACK } else { WHITE };
            assert_eq!(*png.get_pixel(col, row), want, "({x}, {y})");
            assert_eq!(*svg.get_pixel(col, row), want, "({x}, {y})");
        }
    }
    // The grid of the SVG was drawn 40 pixels off (its horizontal lines
    // took the columns' offset as y).
    assert_grid_on_borders(&svg, &cells);
    assert_grid_on_borders(&png, &cells);
    // The legend, right of the cells: a black square for P above a white
    // one, framed in black, for N.
    let legend_col = cells.left + 20 * cells.cell + 32;
    let runs = runs_down(&png, legend_col, cells.top - 4..cells.top + 60);
    let colours: Vec<Rgb> = runs.iter().map(|r| r.0).collect();
    assert_eq!(
        colours,
        [WHITE, BLACK, WHITE, BLACK, WHITE, BLACK, WHITE],
        "{runs:?}"
    );
    assert!(runs[1].1 >= 10 && runs[4].1 >= 10, "{runs:?}");
}

#[test]
fn value_pictures_agree_and_show_p_red_and_values_by_colour() {
    for spec in ["wythoff", "wythoff:k=2"] {
        let (png, svg) = both_pictures("values", spec, "20", true);
        assert_same_but_text(&png, &svg);
        let cells = Cells::find(&png, 20);
        let mut colour_of = std::collections::BTreeMap::new();
        for (x, line) in (0..).zip(json_cells(spec, "20", true)) {
            for (y, value) in (0..).zip(line) {
                let value = value.as_u64().unwrap();
                let (col, row) = cells.centre(x, y);
                let colour = *png.get_pixel(col, row);
                assert_eq!(*svg.get_pixel(col, row), colour, "{spec} ({x}, {y})");
                assert_eq!(colour == P_RED, value == 0, "{spec} ({x}, {y})");
                let first = *colour_of.entry(value).or_insert(colour);
                assert_eq!(colour, first, "{spec}: one colour for the value {value}");
            }
        }
        let distinct: std::collections::BTreeSet<_> = colour_of.values().map(|c| c.0).collect();
        assert_eq!(distinct.len(), colour_of.len(), "{spec}: a colour a value");
        assert_grid_on_borders(&svg, &cells);
        // The legend holds the red of P.
        let legend = (cells.left + 20 * cells.cell..png.width())
            .flat_map(|col| (cells.top..png.height()).map(move |row| (col, row)));
        assert!(legend
            .into_iter()
            .any(|(col, row)| *png.get_pixel(col, row) == P_RED));
    }
}

#[test]
fn both_pictures_and_the_csv_on_stdout_in_one_run() {
    let dir = scratch("together");
    let (png, svg) = (dir.join("t.png"), dir.join("t.svg"));
    let (png, svg) = (png.to_str().unwrap(), svg.to_str().unwrap());
    let spec = ["table", "wythoff", "--size", "5"];
    let out = grundy(&[&spec[..], &["--png", png, "--svg", svg, "--csv", "-"]].concat());
    assert!(out.status.success());
    // stdout is the data alone; what was written is said on stderr.
    let csv = "P,N,N,N,N\nN,N,P,N,N\nN,P,N,N,N\nN,N,N,N,N\nN,N,N,N,N\n";
    assert_eq!(String::from_utf8_lossy(&out.stdout), csv);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("wythoff: wrote the 5 x 5 table to {png}, {svg} (3 P-positions)\n")
    );
    assert!(std::fs::metadata(png).unwrap().len() > 100);
    assert!(std::fs::metadata(svg).unwrap().len() > 100);
    // Alone, --csv - prints the CSV and nothing else.
    let out = grundy(&[&spec[..], &["--csv", "-"]].concat());
    assert_eq!(String::from_utf8_lossy(&out.stdout), csv);
    assert!(out.stderr.is_empty());
    // With --json, stdout is taken: refused before any file is written.
    let csv_file = dir.join("t.csv");
    let both = ["--csv", "-", "--json", "--png", csv_file.to_str().unwrap()];
    let out = grundy(&[&spec[..], &both].concat());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error:") && stderr.lines().count() == 1);
    assert!(out.stdout.is_empty() && !csv_file.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pictures_stop_at_the_largest_drawn_side_before_any_work() {
    // Wythoff's own table goes to 32768 a side; its pictures do not.
    let dir = scratch("largest_side");
    let png = dir.join("big.png");
    for picture in ["--png", "--svg"] {
        let out = grundy(&[
            "table",
            "wythoff",
            "--size",
            "8193",
            "--values",
            picture,
            png.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2));
        let message = String::from_utf8(out.stderr).unwrap();
        assert!(
            message
                .starts_with("error: limit exceeded: --png and --svg draw tables up to side 8192"),
            "{message}"
        );
        assert!(!png.exists());
    }
}

/// `sequence --png --svg`: the two plots agree but for text; one dot a
/// value, red exactly at the P-positions of the JSON's values, each dot's
/// height its value (the dots of equal values on one line, higher values
/// higher); two-pile games, misère play and too many values are refused
/// before any work.
#[test]
fn sequence_plots_agree_and_show_each_value_at_its_height() {
    let (png_image, svg_image, said) =
        pictures_of("plot", &["sequence", "octal:0.16", "--count", "300"]);
    let values: Vec<u64> = json_of(&["sequence", "octal:0.16", "--count", "300"])["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let zeros = values.iter().filter(|&&v| v == 0).count();
    assert!(
        said.contains("n < 300 to ") && said.contains(&format!("({zeros} P-positions)")),
        "{said}"
    );
    assert_same_but_text(&png_image, &svg_image);
    // The dots, by column of the plot: the lowest row of each colour found.
    let red_columns = (0..png_image.width())
        .filter(|&col| (0..png_image.height()).any(|row| *png_image.get_pixel(col, row) == P_RED))
        .count();
    assert!(
        red_columns >= 2 * zeros,
        "{red_columns} red columns for {zeros} P-positions"
    );
    // Each value's dots on one row, in the order of the values.
    let mut rows_of_value = std::collections::BTreeMap::new();
    let step = 800.0 / values.len() as f64;
    // The vertical axis: the first column black over the plot's height.
    let left = (0..png_image.width())
        .find(|&col| {
            runs_down(&png_image, col, 0..png_image.height())
                .iter()
                .any(|&(colour, length)| colour == BLACK && length >= 400)
        })
        .expect("the vertical axis")
        + 4;
    for (n, &v) in values.iter().enumerate() {
        // The middle of its column, rounded as the plot does.
        let col = left + (n as f64 * step + step / 2.0) as u32;
        let row = (0..png_image.height())
            .find(|&row| {
                let p = png_image.get_pixel(col, row);
                (*p == BLACK || *p == P_RED) && row > 40
            })
            .expect("a dot");
        assert_eq!(*png_image.get_pixel(col, row) == P_RED, v == 0, "n = {n}");
        rows_of_value.entry(v).or_insert_with(Vec::new).push(row);
    }
    let mut last = u32::MAX;
    for (v, rows) in rows_of_value {
        assert!(
            rows.iter().all(|&r| r.abs_diff(rows[0]) <= 1),
            "value {v}: {rows:?}"
        );
        assert!(
            rows[0] < last,
            "value {v} is drawn higher than the values below it"
        );
        last = rows[0];
    }
    // Refused before the work.
    for args in [
        vec!["sequence", "wythoff", "--png", "w.png"],
        vec!["sequence", "kayles", "--count", "100000", "--png", "w.png"],
        vec!["sequence", "kayles", "--misere", "--svg", "w.svg"],
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!std::path::Path::new("w.png").exists() && !std::path::Path::new("w.svg").exists());
    }
}

/// `period --png --svg`: the values to the preperiod and three periods, the
/// preperiod shaded sand and a blue line where each period starts (Kayles:
/// 71, 83, 95), PNG and SVG agreeing but for text; the period's text answer
/// first, then what was written.
#[test]
fn period_plots_mark_the_preperiod_and_each_period() {
    const SAND: Rgb = Rgb([243, 227, 192]);
    const PERIOD_BLUE: Rgb = Rgb([80, 140, 220]);
    let (png_image, svg_image, said) = pictures_of("period-plot", &["period", "kayles"]);
    assert!(
        said.starts_with("kayles (octal:0.77): G(n + 12) = G(n) for all n >= 71"),
        "{said}"
    );
    assert!(
        said.contains("wrote the plot of G(n) for n < 107 to "),
        "{said}"
    );
    assert_same_but_text(&png_image, &svg_image);
    // A row through the plot's middle: sand, then the three blue lines.
    let row = png_image.height() / 2;
    let runs = runs((0..png_image.width()).map(|col| *png_image.get_pixel(col, row)));
    let sand: u32 = runs
        .iter()
        .filter(|(c, _)| *c == SAND)
        .map(|(_, n)| n)
        .sum();
    let blue = runs.iter().filter(|(c, _)| *c == PERIOD_BLUE).count();
    assert!(sand > 71 * 5, "{runs:?}");
    assert_eq!(blue, 3, "{runs:?}");
}

/// `--colours`: the scale of a table's values and the colour of its
/// P-positions (cividis azure, grey orange), the P-positions' colour of a
/// plot; refused without a picture and for a name it does not know.
#[test]
fn colour_maps_colour_the_values_and_the_p_positions() {
    const AZURE: Rgb = Rgb([0, 150, 255]);
    const ORANGE: Rgb = Rgb([230, 110, 0]);
    let json = json_cells("wythoff", "20", true);
    for (name, p) in [("cividis", AZURE), ("grey", ORANGE)] {
        let args = [
            "table",
            "wythoff",
            "--size",
            "20",
            "--values",
            "--colours",
            name,
        ];
        let (png, svg, _) = pictures_of(name, &args);
        assert_same_but_text(&png, &svg);
        let cells = Cells::find(&png, 20);
        for (x, line) in (0..).zip(&json) {
            for (y, value) in (0..).zip(line) {
                let (col, row) = cells.centre(x, y);
                let colour = *png.get_pixel(col, row);
                assert_eq!(colour == p, value == 0, "{name} ({x}, {y})");
                let [r, g, b] = colour.0;
                let grey = r == g && g == b;
                assert!(name != "grey" || grey || colour == p, "{name} ({x}, {y})");
                assert!(colour != P_RED, "{name} ({x}, {y})");
            }
        }
    }
    let args = [
        "sequence",
        "octal:0.16",
        "--count",
        "50",
        "--colours",
        "cividis",
    ];
    let (png, _, _) = pictures_of("plot-colours", &args);
    assert!(png.pixels().any(|p| *p == AZURE) && !png.pixels().any(|p| *p == P_RED));
    for args in [
        vec!["table", "wythoff", "--colours", "grey"],
        vec!["sequence", "kayles", "--colours", "grey"],
        vec!["table", "wythoff", "--png", "c.png", "--colours", "pink"],
    ] {
        common::refusal(&args);
        assert!(!std::path::Path::new("c.png").exists());
    }
}

/// `--from N`: the plot draws `G(n)` for `N <= n < count`, a dot a value,
/// its title and the line printed saying so; the answer itself is the same
/// (`--json`); `N` at or past the values plotted, or without a picture, is
/// refused with exit status 2 and one line.
#[test]
fn plots_start_from_n_and_leave_the_answer_alone() {
    let dir = scratch("from");
    let svg = dir.join("f.svg");
    let svg_path = svg.to_str().unwrap();
    let spec = ["sequence", "octal:0.16", "--count", "300"];
    let values: Vec<u64> = json_of(&spec)["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let out = grundy(&[&spec[..], &["--from", "100", "--svg", svg_path]].concat());
    assert!(out.status.success());
    let zeros = values[100..].iter().filter(|&&v| v == 0).count();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("octal:0.16: wrote the plot of G(n) for 100 <= n < 300 to {svg_path} ({zeros} P-positions)\n")
    );
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("G(n) for 100 ≤ n &lt; 300"), "{drawn}");
    // 200 values 4 pixels apart: a dot of 4 pixels each.
    let dots = drawn.matches(r#" width="4" height="4" "#).count();
    assert_eq!(dots, 200);
    assert!(drawn.contains(">100</text>") && !drawn.contains(">80</text>"));
    let with_plot = grundy(&[&spec[..], &["--from", "100", "--svg", svg_path, "--json"]].concat());
    assert_eq!(
        with_plot.stdout,
        grundy(&[&spec[..], &["--json"]].concat()).stdout
    );
    for args in [
        vec![
            "sequence", "kayles", "--count", "100", "--from", "100", "--svg", svg_path,
        ],
        vec!["period", "kayles", "--from", "107", "--svg", svg_path],
        vec!["sequence", "kayles", "--from", "5"],
    ] {
        std::fs::remove_file(&svg).ok();
        common::refusal(&args);
        assert!(!svg.exists(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A PNG is the same bytes run after run (its text too: the glyphs are
/// drawn from the built-in font, not the system's).
#[test]
fn png_pictures_are_the_same_bytes_every_run() {
    let dir = scratch("determinism");
    for args in [
        vec!["table", "wythoff", "--size", "30", "--values"],
        vec!["period", "kayles"],
    ] {
        let bytes: Vec<Vec<u8>> = ["a.png", "b.png"]
            .iter()
            .map(|name| {
                let path = dir.join(name);
                let out = grundy(&[&args[..], &["--png", path.to_str().unwrap()]].concat());
                assert!(out.status.success(), "{args:?}");
                std::fs::read(&path).unwrap()
            })
            .collect();
        assert_eq!(bytes[0], bytes[1], "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--tex`: a LaTeX document of one TikZ picture on a page of its size,
/// the SVG's shapes one for one (a `\fill` a rectangle, the scale's
/// gradient as its linear segments), braces balanced and the text escaped;
/// compiled by pdflatex when it is on PATH (a failed compilation fails the
/// test), else checked for that structure alone. A script whose file name
/// holds TeX's special characters puts them in the title.
#[test]
fn tikz_pictures_hold_the_svg_shapes_escaped_text_and_compile() {
    let dir = scratch("tikz");
    let script = dir.join("t_2%t#&$~^.rhai");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/twopile-t2t.rhai"
        ),
        &script,
    )
    .unwrap();
    let scripted = format!("script:{}", script.display());
    let pdflatex = pdflatex_runs();
    for (args, scale) in [
        (vec!["table", "wythoff", "--size", "24", "--values"], true),
        (vec!["table", "wythoff:k=2", "--size", "30"], false),
        (
            vec![
                "table",
                &scripted,
                "--size",
                "12",
                "--values",
                "--colours",
                "grey",
            ],
            true,
        ),
        (vec!["period", "kayles"], false),
        (
            vec!["sequence", "octal:0.16", "--count", "300", "--from", "100"],
            false,
        ),
    ] {
        let (svg, tex) = (dir.join("p.svg"), dir.join("p.tex"));
        let mut all = args.clone();
        all.extend([
            "--svg",
            svg.to_str().unwrap(),
            "--tex",
            tex.to_str().unwrap(),
        ]);
        let out = grundy(&all);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (svg, tex_text) = (
            std::fs::read_to_string(&svg).unwrap(),
            std::fs::read_to_string(&tex).unwrap(),
        );
        assert_tikz_holds_the_svg(&tex_text, &svg, scale, &format!("{args:?}"));
        if pdflatex {
            compile(&dir, &tex, &format!("{args:?}"));
        }
    }
    // Beyond the sides and counts TeX holds: refused before the work.
    for args in [
        vec!["table", "wythoff", "--size", "129", "--tex", "w.tex"],
        vec!["sequence", "kayles", "--count", "4097", "--tex", "w.tex"],
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!std::path::Path::new("w.tex").exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The TikZ document `tex` is the SVG `svg`'s picture: its preamble sizes
/// the page to the SVG's, defines every colour it fills with, and its body
/// is a `\fill` for each rectangle of the SVG (but the background and the
/// scale's), four `\shade`s for a scale of five anchors, a `\node` for each
/// text, the text escaped and the braces balanced.
fn assert_tikz_holds_the_svg(tex: &str, svg: &str, scale: bool, what: &str) {
    let lines: Vec<&str> = tex.lines().collect();
    assert!(lines[0].starts_with("% "), "{what}");
    assert_eq!(
        lines[1..3],
        [r"\RequirePackage{fix-cm}", r"\documentclass{article}"]
    );
    let size = |key: &str| -> f64 {
        let attribute = format!(r#" {key}=""#);
        let from = svg.find(&attribute).unwrap() + attribute.len();
        svg[from..from + svg[from..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    let (width, height) = (size("width"), size("height"));
    assert_eq!(
        lines[3],
        format!(
            r"\usepackage[paperwidth={}pt,paperheight={}pt,margin=2pt]{{geometry}}",
            width / 2.0 + 4.0,
            height / 2.0 + 4.0
        ),
        "{what}"
    );
    assert_eq!(lines[4], r"\usepackage{tikz}");
    // The colours, each defined once by name, then the document.
    let begin = lines
        .iter()
        .position(|l| *l == r"\begin{document}")
        .unwrap();
    assert_eq!(lines[begin - 1], r"\pagestyle{empty}");
    let defined: Vec<&str> = lines[5..begin - 1]
        .iter()
        .map(|l| {
            let name = l.strip_prefix(r"\definecolor{").expect("a colour");
            &name[..name.find('}').unwrap()]
        })
        .collect();
    assert!(lines[begin + 1].starts_with(r"\noindent\begin{tikzpicture}[x=0.5pt,y=-0.5pt,"));
    assert_eq!(
        lines[begin + 2],
        format!(r"\useasboundingbox (0,0) rectangle ({width},{height});")
    );
    assert_eq!(
        &lines[lines.len() - 2..],
        [r"\end{tikzpicture}", r"\end{document}"]
    );
    let body = &lines[begin + 3..lines.len() - 2];
    for line in body.iter().filter(|l| l.starts_with(r"\fill[")) {
        let name = &line[6..line.find(']').unwrap()];
        assert!(defined.contains(&name), "{line}");
    }
    assert!(body.iter().all(|l| l.ends_with(';')), "{what}");
    let fills = body.iter().filter(|l| l.starts_with(r"\fill[")).count();
    let shades = body.iter().filter(|l| l.starts_with(r"\shade[")).count();
    let nodes: Vec<&&str> = body.iter().filter(|l| l.starts_with(r"\node[")).collect();
    assert_eq!(fills + shades + nodes.len(), body.len(), "{what}");
    // The SVG: a background, the rectangles, one gradient for the scale.
    let rects = svg.matches("<rect ").count() - 1 - usize::from(scale);
    assert_eq!(fills, rects, "{what}");
    let stops = svg.matches("<stop ").count();
    assert_eq!(shades, stops.saturating_sub(1), "{what}");
    assert_eq!(stops > 0, scale, "{what}");
    assert_eq!(nodes.len(), svg.matches("<text ").count(), "{what}");
    // Braces balance, and no text holds a character TeX reads otherwise.
    let depth = tex.chars().try_fold(0i64, |depth, c| match c {
        '{' => Some(depth + 1),
        '}' => (depth > 0).then(|| depth - 1),
        _ => Some(depth),
    });
    assert_eq!(depth, Some(0), "{what}");
    for node in nodes {
        let text = &node[node.find(") {").unwrap() + 3..node.len() - 2];
        let bare = text
            .replace("$<$", "")
            .replace("$>$", "")
            .replace(r"$\leq$", "")
            .replace(r"\^{}", "")
            .replace(r"\~{}", "");
        assert!(!bare.contains(['<', '>', '^', '~', '≤']), "{node}");
        for special in ['_', '#', '%', '&', '$'] {
            assert_eq!(
                bare.matches(special).count(),
                bare.matches(&format!("\\{special}")).count(),
                "{node}"
            );
        }
    }
}

/// Whether pdflatex runs here (CI installs it; a machine without TeX checks
/// the documents' structure only).
fn pdflatex_runs() -> bool {
    let found = std::process::Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "pdflatex is not installed: .ci/run installs Debian's texlive-latex-base and texlive-pictures"
        );
        common::skipped("compiling the TikZ documents (no pdflatex: Debian's texlive-latex-base and texlive-pictures)");
    }
    found
}

/// Compiles `tex` in `dir` with pdflatex, which must make a PDF of one page
/// without an error, a missing glyph or an overfull box.
fn compile(dir: &std::path::Path, tex: &std::path::Path, what: &str) {
    let out = std::process::Command::new("pdflatex")
        .args([
            "-interaction=nonstopmode",
            "-halt-on-error",
            "-output-directory",
        ])
        .arg(dir)
        .arg(tex)
        .output()
        .expect("pdflatex runs");
    let log = std::fs::read_to_string(tex.with_extension("log")).unwrap_or_default();
    assert!(
        out.status.success(),
        "{what}: pdflatex failed:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        log.contains("Output written on") && log.contains("(1 page,"),
        "{what}: {log}"
    );
    for trouble in [
        "Missing character",
        "Overfull",
        "LaTeX Warning",
        "Font Warning",
    ] {
        assert!(!log.contains(trouble), "{what}: {trouble}:\n{log}");
    }
    std::fs::remove_file(tex.with_extension("pdf")).unwrap();
}
