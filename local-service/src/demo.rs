//! The demo data every start has: one game with namespaces `staging` and
//! `prod` (fixed ids), and builds that exercise what a client must handle.

use gamecloud::model::{BuildSummary, Timestamp};

/// The demo game's id.
pub const GAME_ID: &str = "4f3c2a10-6b1e-4c8a-9d2f-1a2b3c4d5e6f";
/// The `staging` namespace's id.
pub const STAGING_ID: &str = "7d8e9f10-2a3b-4c5d-8e6f-0718293a4b5c";
/// The `prod` namespace's id.
pub const PROD_ID: &str = "c0ffee00-1234-4abc-9def-0123456789ab";

/// The demo namespaces: (id, name).
pub const NAMESPACES: [(&str, &str); 2] = [(STAGING_ID, "staging"), (PROD_ID, "prod")];

/// How many builds the demo set has.
pub const DEMO_BUILDS: u32 = 36;

/// A build size above 2^53: a double cannot hold it exactly.
pub const HUGE_CONTENT_LENGTH: u64 = (1 << 53) + 1;

/// Names that a client must render as text, in several scripts.
const NAMES: [&str; 12] = [
    "Nightly",
    "Release candidate",
    "<b>bold</b> & <script>alert(1)</script>",
    "Серверная сборка",
    "サーバービルド",
    "游戏服务器",
    "خادم اللعبة",
    "Hotfix \"quotes\" 'apostrophes'",
    "बिल्ड",
    "Ελληνικά",
    "🎮 emoji build",
    "<img src=x onerror=alert(1)>",
];

/// A small deterministic generator, so that a given `--builds N` always
/// produces the same list.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn uuid(&mut self) -> String {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&self.next().to_le_bytes());
        b[8..].copy_from_slice(&self.next().to_le_bytes());
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        gamecloud::token::uuid_string(&b)
    }
}

/// `count` builds, newest first, created a few hours apart before `now_ms`.
/// The first few are the interesting ones: the newest is an unfinished
/// upload, the third is larger than 2^53 bytes.
pub fn builds(count: u32, now_ms: i64) -> Vec<BuildSummary> {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    // Hours apart for the demo set; minutes apart for a scale test, so that
    // 100,000 builds still span recent years.
    let spacing_ms: i64 = if count <= 100 { 5 * 3_600_000 } else { 600_000 };
    (0..count)
        .map(|i| {
            let i = i as u64;
            let name = NAMES[(i % NAMES.len() as u64) as usize];
            let version = count as u64 - i;
            let content_length = match i {
                2 => HUGE_CONTENT_LENGTH,
                5 => 0,
                _ => 1_000_000 + rng.next() % 4_000_000_000,
            };
            let mut tags = std::collections::BTreeMap::new();
            if i.is_multiple_of(3) {
                tags.insert(
                    "channel".to_owned(),
                    ["beta", "stable", "qa"][(i / 3 % 3) as usize].to_owned(),
                );
            }
            if i % 4 == 1 {
                tags.insert(
                    "commit".to_owned(),
                    format!("{:07x}", rng.next() & 0xfff_ffff),
                );
            }
            if i == 7 {
                tags.insert("<note>".to_owned(), "<i>not html</i>".to_owned());
            }
            let ts = now_ms - spacing_ms * i as i64 - (rng.next() % (spacing_ms as u64 / 2)) as i64;
            BuildSummary {
                build_id: rng.uuid(),
                upload_id: rng.uuid(),
                display_name: format!("{name} v{version}"),
                create_ts: Timestamp::from_unix_ms(ts).unwrap_or_else(|| {
                    Timestamp::from_unix_ms(0).expect("the epoch is a valid time")
                }),
                content_length,
                complete: !(i == 0 || i % 11 == 4),
                tags,
            }
        })
        .collect()
}
