//! The PNG's pixels: a canvas of opaque RGB pixels, 8 bits a channel, and
//! its encoding as a PNG file of that kind (8-bit RGB, no alpha), by the
//! `png` crate.

/// A picture of `width` x `height` RGB pixels, stored row by row from the
/// top left; pixel `(x, y)` is column `x` of row `y`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<[u8; 3]>,
}

impl Canvas {
    /// A canvas `width` x `height`, every pixel `colour`.
    pub fn filled(width: usize, height: usize, colour: [u8; 3]) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![colour; width * height],
        }
    }

    /// Its width, in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Its height, in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pixel `(x, y)`, to read or change.
    ///
    /// # Panics
    ///
    /// If `(x, y)` is outside the canvas.
    pub fn pixel_mut(&mut self, x: usize, y: usize) -> &mut [u8; 3] {
        assert!(
            x < self.width && y < self.height,
            "pixel ({x}, {y}) outside a canvas {} x {}",
            self.width,
            self.height
        );
        &mut self.pixels[y * self.width + x]
    }

    /// Sets the pixel `(x, y)` to `colour`.
    ///
    /// # Panics
    ///
    /// If `(x, y)` is outside the canvas.
    pub fn set(&mut self, x: usize, y: usize, colour: [u8; 3]) {
        *self.pixel_mut(x, y) = colour;
    }

    /// Paints the rectangle of `w` x `h` pixels whose top left pixel is
    /// `(left, top)` in `colour`; what falls outside the canvas is left out.
    pub fn fill(&mut self, (left, top): (usize, usize), (w, h): (usize, usize), colour: [u8; 3]) {
        let right = left.saturating_add(w).min(self.width);
        for y in top..top.saturating_add(h).min(self.height) {
            let row = y * self.width;
            if left < right {
                self.pixels[row + left..row + right].fill(colour);
            }
        }
    }

    /// The canvas as a PNG file's bytes: 8-bit RGB, the rows filtered
    /// adaptively and compressed at the `png` crate's fast level (what the
    /// `image` crate's encoder, used before, chose by default).
    ///
    /// # Panics
    ///
    /// If a side is 0 or above `u32::MAX` (a PNG has neither).
    pub fn png(&self) -> Vec<u8> {
        let side = |s: usize| u32::try_from(s).expect("a PNG's side fits in 32 bits");
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, side(self.width), side(self.height));
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::Adaptive);
        let mut writer = encoder
            .write_header()
            .expect("encoding to memory cannot fail");
        writer
            .write_image_data(self.pixels.as_flattened())
            .expect("encoding to memory cannot fail");
        writer.finish().expect("encoding to memory cannot fail");
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_paints_the_rectangle_and_leaves_out_what_is_outside() {
        let mut c = Canvas::filled(4, 3, [255; 3]);
        c.fill((2, 1), (5, 5), [1, 2, 3]);
        c.fill((9, 0), (2, 2), [0; 3]);
        for y in 0..3 {
            for x in 0..4 {
                let want = if x >= 2 && y >= 1 {
                    [1, 2, 3]
                } else {
                    [255; 3]
                };
                assert_eq!(*c.pixel_mut(x, y), want, "({x}, {y})");
            }
        }
    }

    #[test]
    fn png_decodes_to_the_same_pixels() {
        let mut c = Canvas::filled(5, 2, [10, 20, 30]);
        c.set(4, 1, [200, 0, 7]);
        c.set(0, 0, [0, 255, 1]);
        let bytes = c.png();
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (5, 2));
        assert_eq!(
            (info.color_type, info.bit_depth),
            (png::ColorType::Rgb, png::BitDepth::Eight)
        );
        assert_eq!(&buf[..info.buffer_size()], c.pixels.as_flattened());
    }
}
