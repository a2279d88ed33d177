//! The pictures' typeface: DejaVu Sans, the subset of it built into the
//! binary (`assets/`, with its licence and how it was made). Its glyphs'
//! advances lay out every format's text, and its outlines are the PNG's
//! text, drawn anti-aliased: each pixel's coverage blended onto the white
//! background. Floating point serves the drawing only.

use std::sync::LazyLock;

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};

use super::canvas::Canvas;

/// The families an SVG's text names: DejaVu Sans, the PNG's and the
/// layout's, then sans-serif fonts of like widths where it is missing.
pub const FAMILIES: &str = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif";

/// The built-in font, parsed once.
static FACE: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../assets/DejaVuSans-subset.ttf"))
        .expect("the built-in font is a valid TrueType file")
});

/// The vertical extent of a line of text, in whole pixels from its baseline.
#[derive(Clone, Copy, Debug)]
pub struct Metrics {
    /// The height of capitals (and digits) above the baseline.
    pub cap: usize,
    /// How far descenders (`g`, `y`, parentheses) reach below the baseline.
    pub descent: usize,
}

/// The metrics of text `em` pixels an em.
pub fn metrics(em: usize) -> Metrics {
    let scaled = FACE.as_scaled(px_scale(em));
    let capital = FACE
        .outline(FACE.glyph_id('H'))
        .expect("the font has a capital H");
    // ab_glyph keeps an outline's bounds as read, y upwards, but with the
    // top in `min`: the larger is the capital's height.
    let height = capital.bounds.min.y.max(capital.bounds.max.y);
    Metrics {
        cap: (height * scaled.v_scale_factor()).round() as usize,
        descent: (-scaled.descent()).ceil() as usize,
    }
}

/// How far `text` reaches along its line at `em` pixels an em: the sum of
/// its glyphs' advances, rounded up to a whole pixel.
pub fn width(text: &str, em: usize) -> usize {
    let scaled = FACE.as_scaled(px_scale(em));
    let advance: f32 = text
        .chars()
        .map(|c| scaled.h_advance(FACE.glyph_id(c)))
        .sum();
    advance.ceil() as usize
}

/// Whether the font draws `c` (else it draws a box).
#[cfg(test)]
pub fn has_glyph(c: char) -> bool {
    FACE.glyph_id(c).0 != 0
}

/// ab_glyph's scale for text `em` pixels an em: it scales the font's height
/// (ascent to descent, 1.16 em for DejaVu Sans), where SVG and TeX size the em.
fn px_scale(em: usize) -> PxScale {
    let units = FACE.units_per_em().expect("the font has units per em");
    PxScale::from(em as f32 * FACE.height_unscaled() / units)
}

/// Where a line of text starts and which way it reads.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// The start of its baseline.
    pub x: usize,
    /// The start of its baseline.
    pub y: usize,
    /// Turned a quarter anticlockwise: reading upwards (a vertical axis's
    /// title), the tops of its letters to the left.
    pub turned: bool,
}

/// Draws `text` in black, `em` pixels an em, from `at`: every pixel a glyph
/// covers darkened by its coverage.
pub fn draw(img: &mut Canvas, text: &str, em: usize, at: Placement) {
    let scaled = FACE.as_scaled(px_scale(em));
    // Laid out along a horizontal baseline through (0, 0), then each pixel
    // placed: as is, or turned about the start.
    let mut caret = 0.0f32;
    for c in text.chars() {
        let id = FACE.glyph_id(c);
        let glyph = id.with_scale_and_position(scaled.scale(), point(caret, 0.0));
        caret += scaled.h_advance(id);
        let Some(outlined) = FACE.outline_glyph(glyph) else {
            continue; // a space
        };
        let corner = outlined.px_bounds().min;
        let (left, top) = (corner.x as i64, corner.y as i64);
        outlined.draw(|dx, dy, coverage| {
            let (along, down) = (left + i64::from(dx), top + i64::from(dy));
            let (x, y) = if at.turned {
                (at.x as i64 + down, at.y as i64 - along - 1)
            } else {
                (at.x as i64 + along, at.y as i64 + down)
            };
            darken(img, x, y, coverage);
        });
    }
}

/// Blends black onto the pixel `(x, y)` by `coverage` (0 to 1); a pixel
/// outside the image is left out.
fn darken(img: &mut Canvas, x: i64, y: i64, coverage: f32) {
    let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
        return;
    };
    if x >= img.width() || y >= img.height() {
        return;
    }
    let keep = 1.0 - coverage.clamp(0.0, 1.0);
    let pixel = img.pixel_mut(x, y);
    for channel in pixel.iter_mut() {
        *channel = (f32::from(*channel) * keep).round() as u8;
    }
}
