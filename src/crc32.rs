//! CRC-32 (IEEE 802.3, as zlib and PNG): the check at the end of a game record's text and of
//! a network's weights file. A leaf: it imports nothing from the crate.

/// The CRC-32 of every byte value, for [`crc32`]'s byte-at-a-time loop.
#[cfg(feature = "ai")]
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = crc_of_byte(i as u32);
        i += 1;
    }
    table
};

/// One byte through the CRC's register, bit by bit (the reflected polynomial 0xEDB88320).
const fn crc_of_byte(mut crc: u32) -> u32 {
    let mut bit = 0;
    while bit < 8 {
        crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        bit += 1;
    }
    crc
}

/// CRC-32 (IEEE 802.3, as zlib and PNG): catches every change of up to 32 bits in a row, so
/// any one changed character of the text. Table-driven where the AI is built: a network's
/// weights file is tens of megabytes.
#[cfg(feature = "ai")]
pub fn crc32(parts: &[&[u8]]) -> u32 {
    let mut crc = !0u32;
    for &byte in parts.iter().flat_map(|p| p.iter()) {
        crc = (crc >> 8) ^ CRC_TABLE[usize::from((crc as u8) ^ byte)];
    }
    !crc
}

/// A CRC-32 over bytes that arrive in parts (a download): the same value as [`crc32`] of
/// them all.
#[cfg(feature = "ai")]
#[derive(Clone, Copy, Debug)]
pub struct Crc32(u32);

#[cfg(feature = "ai")]
impl Crc32 {
    pub fn new() -> Crc32 {
        Crc32(!0)
    }

    pub fn update(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 >> 8) ^ CRC_TABLE[usize::from((self.0 as u8) ^ byte)];
        }
    }

    pub fn value(self) -> u32 {
        !self.0
    }
}

#[cfg(feature = "ai")]
impl Default for Crc32 {
    fn default() -> Crc32 {
        Crc32::new()
    }
}

/// The same CRC-32 a bit at a time, without the table: the page's modules (no `ai`) only
/// check game records, a few KB at most, and the table's 1 KB does not compress.
#[cfg(any(not(feature = "ai"), test))]
pub fn crc32_bitwise(parts: &[&[u8]]) -> u32 {
    let mut crc = !0u32;
    for &byte in parts.iter().flat_map(|p| p.iter()) {
        crc = crc_of_byte(crc ^ u32::from(byte));
    }
    !crc
}

#[cfg(not(feature = "ai"))]
pub use crc32_bitwise as crc32;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(&[b"1234", b"56789"]), 0xCBF4_3926);
        assert_eq!(crc32_bitwise(&[b"1234", b"56789"]), 0xCBF4_3926);
    }

    /// The page's modules compute the CRC without the table: the same value on any bytes.
    #[test]
    fn crc32_without_the_table_is_the_same() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let bytes: Vec<u8> = (0..5000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        for cut in [0, 1, 7, 100, 4999, 5000] {
            let (a, b) = bytes.split_at(cut);
            assert_eq!(crc32_bitwise(&[a, b]), crc32(&[&bytes]), "cut at {cut}");
        }
    }
}
