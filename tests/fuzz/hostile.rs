//! The hostile classes of issue 35, generated from the suite's seed: archives with crafted
//! names and sizes, planted batch files, links at temporary names, special-file outputs, and
//! line-end and byte-order-mark variants. Besides the suite's checks (an end within the time
//! bound, exit 0 or 2, inputs unchanged), each case asserts that nothing outside the output
//! changed (a snapshot of the case's folder) and that no device or pipe was replaced.

use super::{cases_per_class, fnv, run_case, s, seed, write};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every entry under `root` but `except` and the case's own stdout, stderr and data: type,
/// size, time, link target, contents (folders by existence only).
fn snapshot(root: &Path, except: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let own = ["stdout", "stderr", "data"].map(|n| root.join(n));
            if path.starts_with(except) || own.contains(&path) {
                continue;
            }
            let metadata = std::fs::symlink_metadata(&path).unwrap();
            let what = if metadata.is_symlink() {
                format!("link to {}", std::fs::read_link(&path).unwrap().display())
            } else if metadata.is_dir() {
                folders.push(path.clone());
                "folder".into()
            } else if metadata.is_file() {
                let bytes = std::fs::read(&path).unwrap();
                format!(
                    "{} {:?} {:x}",
                    bytes.len(),
                    metadata.modified().unwrap(),
                    fnv(&String::from_utf8_lossy(&bytes))
                )
            } else {
                format!("{:?}", metadata.file_type())
            };
            out.insert(path, what);
        }
    }
    out
}

const TSV: &str = "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=He loves her .\n1-1\t0-2\tHe\tPER\t\n1-2\t3-8\tloves\t_\t\n1-3\t9-12\ther\tPER\t\n1-4\t13-14\t.\t_\t\n";
const CSV: &str = "annotator,category,start,end\na,X,0,5\nb,X,0,5\nb,Y,6,9\n";

/// An export with a random mix of crafted and legitimate entries, some of them zip bombs.
fn crafted_export(rng: &mut ChaCha8Rng) -> Vec<u8> {
    const NAMES: [&str; 12] = [
        "annotation/doc/alice.tsv",
        "annotation/doc/bob.tsv",
        "annotation/../alice.tsv",
        "annotation/../../../tmp/x/bob.tsv",
        "/annotation/doc/carol.tsv",
        "C:/annotation/doc/dave.tsv",
        "annotation\\doc\\erin.tsv",
        "annotation/doc/fr\u{7}ank.tsv",
        "annotation/doc/ALICE.tsv",
        "annotation/./grace.tsv",
        "annotation/con/heidi.tsv",
        "curation/doc/CURATION_USER.tsv",
    ];
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let mut used = Vec::new();
    for _ in 0..rng.random_range(1..=4) {
        let name = NAMES[rng.random_range(0..NAMES.len())];
        if used.contains(&name) {
            continue;
        }
        used.push(name);
        let bomb = rng.random_bool(0.2);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        writer.start_file(name, options).unwrap();
        let bytes: Vec<u8> = if bomb {
            vec![b' '; rng.random_range(2..=12) << 20]
        } else {
            TSV.as_bytes().to_vec()
        };
        std::io::Write::write_all(&mut writer, &bytes).unwrap();
    }
    let mut bytes = writer.finish().unwrap().into_inner();
    // Sometimes the end record claims one entry fewer.
    if rng.random_bool(0.2) && bytes.len() >= 22 {
        let end = bytes.len() - 22;
        if bytes[end + 8] > 1 {
            bytes[end + 8] -= 1;
            bytes[end + 10] -= 1;
        }
    }
    bytes
}

#[test]
fn archives_with_crafted_names_and_sizes_write_only_inside_the_output() {
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ fnv("hostile archives"));
    let scratch = tempfile::tempdir().unwrap();
    for case in 0..cases_per_class() {
        let folder = scratch.path().join(format!("case{case}"));
        std::fs::create_dir_all(folder.join("deep")).unwrap();
        let export = write(&folder, "export.zip", &crafted_export(&mut rng));
        let to = ["tsv3", "glozz", "xmi", "brat", "cora", "csv"][rng.random_range(0..6)];
        let out = folder.join("deep").join("out");
        let before = snapshot(&folder, &out);
        let args = vec![
            s("convert"),
            s(export.display()),
            s("--to"),
            s(to),
            s("--out"),
            s(out.display()),
        ];
        let name = format!("hostile archive case {case} (seed {})", seed());
        run_case(&name, &args, std::slice::from_ref(&export), &folder);
        assert_eq!(
            snapshot(&folder, &out),
            before,
            "{name}: outside the output"
        );
    }
}

#[test]
fn planted_batch_files_and_links_at_temporary_names_touch_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ fnv("planted batch files"));
    let scratch = tempfile::tempdir().unwrap();
    for case in 0..cases_per_class() {
        let folder = scratch.path().join(format!("case{case}"));
        let (outside, out) = (folder.join("outside"), folder.join("out"));
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        let victim = write(&outside, "victim.txt", b"victim");
        let csv = write(&folder, "doc.csv", CSV.as_bytes());
        let hex = |p: &Path| -> String {
            p.to_string_lossy()
                .bytes()
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        let targets = [
            victim.clone(),
            PathBuf::from("../outside/victim.txt"),
            PathBuf::from("g.csv"),
            outside.clone(),
        ];
        for planted in 0..rng.random_range(1..=4) {
            let id = format!("{:016x}", rng.random::<u64>());
            let mut pick = || targets[rng.random_range(0..targets.len())].clone();
            let manifest = format!(
                "gamma-studio batch 2\nfile {} {} -\nsecondary {}\n",
                hex(&pick()),
                hex(&pick()),
                hex(&pick())
            );
            let lock = out.join(format!(".gamma-studio-batch.{id}.lock"));
            if rng.random_bool(0.3) {
                #[cfg(unix)]
                std::os::unix::fs::symlink(&victim, &lock).unwrap();
            } else {
                std::fs::write(&lock, hex(&victim) + "\n").unwrap();
            }
            if rng.random_bool(0.7) {
                std::fs::write(
                    out.join(format!(".gamma-studio-batch.{id}.manifest")),
                    manifest,
                )
                .unwrap();
            }
            #[cfg(unix)]
            std::os::unix::fs::symlink(&victim, out.join(format!(".g.csv.{}.tmp", 1000 + planted)))
                .unwrap();
        }
        // Inside `out`, recovery may remove batch files that look like this user's own (they
        // are, as far as anyone can tell); nothing else there, and nothing outside, changes.
        let links = |out: &Path| -> Vec<PathBuf> {
            let mut found: Vec<PathBuf> = std::fs::read_dir(out)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.to_string_lossy().ends_with(".tmp"))
                .collect();
            found.sort();
            found
        };
        let (before, links_before) = (snapshot(&folder, &out), links(&out));
        let gold = out.join("g.csv");
        let name = format!("planted batch case {case} (seed {})", seed());
        for args in [
            vec![
                s("convert"),
                s(csv.display()),
                s("--to"),
                s("csv"),
                s("--out"),
                s(gold.display()),
            ],
            vec![
                s("gold"),
                s(csv.display()),
                s("--auto"),
                s("unanimous"),
                s("--out"),
                s(gold.display()),
                s("--force"),
            ],
        ] {
            let (code, stderr) = run_case(&name, &args, std::slice::from_ref(&csv), &folder);
            assert_eq!(code, 0, "{name}: {stderr}");
        }
        assert_eq!(
            snapshot(&folder, &out),
            before,
            "{name}: outside the output"
        );
        assert_eq!(
            links(&out),
            links_before,
            "{name}: links at temporary names"
        );
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "victim",
            "{name}"
        );
    }
}

#[cfg(unix)]
#[test]
fn special_file_outputs_are_written_through_or_refused() {
    use std::os::unix::fs::FileTypeExt;
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ fnv("special outputs"));
    let scratch = tempfile::tempdir().unwrap();
    for case in 0..cases_per_class() {
        let folder = scratch.path().join(format!("case{case}"));
        std::fs::create_dir_all(&folder).unwrap();
        let csv = write(&folder, "doc.csv", CSV.as_bytes());
        let fifo = folder.join("fifo");
        let _ = std::process::Command::new("mkfifo").arg(&fifo).status();
        let dangling = folder.join("dangling.csv");
        std::os::unix::fs::symlink(folder.join("missing.csv"), &dangling).unwrap();
        let choices = [
            PathBuf::from("/dev/null"),
            PathBuf::from("/dev/full"),
            fifo.clone(),
            dangling,
            folder.clone(),
        ];
        let out = choices[rng.random_range(0..choices.len())].clone();
        if !out.exists() && out.starts_with("/dev") {
            continue;
        }
        let before = snapshot(&folder, Path::new("/nonexistent"));
        let name = format!(
            "special output {} case {case} (seed {})",
            out.display(),
            seed()
        );
        let args = vec![
            s("convert"),
            s(csv.display()),
            s("--to"),
            s("csv"),
            s("--out"),
            s(out.display()),
        ];
        let (code, _) = run_case(&name, &args, std::slice::from_ref(&csv), &folder);
        assert_eq!(
            code,
            if out == Path::new("/dev/null") { 0 } else { 2 },
            "{name}"
        );
        assert_eq!(
            snapshot(&folder, Path::new("/nonexistent")),
            before,
            "{name}"
        );
        for device in ["/dev/null", "/dev/full"] {
            assert!(
                std::fs::metadata(device)
                    .unwrap()
                    .file_type()
                    .is_char_device()
            );
        }
        if fifo.exists() {
            assert!(
                std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
                "{name}"
            );
        }
    }
}

/// RTTM, brat and CSV files with random line ends and byte-order marks convert to the same
/// CSV as their LF form.
#[test]
fn line_end_and_byte_order_mark_variants_read_the_same() {
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ fnv("line ends"));
    let scratch = tempfile::tempdir().unwrap();
    let rttm: Vec<String> = (0..10)
        .map(|i| format!("SPEAKER f 1 {i} 1 <NA> <NA> s{} <NA> <NA>", i % 3))
        .collect();
    let ann = ["T1\tPER 0 2\tHe", "T2\tPER 9 12\ther"]
        .map(String::from)
        .to_vec();
    let csv: Vec<String> = CSV.lines().map(String::from).collect();
    for case in 0..cases_per_class() {
        let folder = scratch.path().join(format!("case{case}"));
        std::fs::create_dir_all(&folder).unwrap();
        for (name, lines, extra) in [
            ("d.rttm", &rttm, None),
            ("d.ann", &ann, Some("He loves her .")),
            ("d.csv", &csv, None),
        ] {
            let join = |ends: &mut dyn FnMut() -> &'static str, bom: bool| -> String {
                let body: String = lines.iter().map(|l| format!("{l}{}", ends())).collect();
                if bom { format!("\u{feff}{body}") } else { body }
            };
            let plain = join(&mut || "\n", false);
            let bom = name != "d.csv" && rng.random_bool(0.5);
            let mut ends = || ["\n", "\r\n", "\r"][rng.random_range(0..3)];
            let varied = join(&mut ends, bom);
            let mut written = Vec::new();
            for (variant, text) in [("plain", plain), ("varied", varied)] {
                let sub = folder.join(variant);
                std::fs::create_dir_all(&sub).unwrap();
                let input = write(&sub, name, text.as_bytes());
                if let Some(txt) = extra {
                    write(&sub, "d.txt", txt.as_bytes());
                }
                let out = sub.join(format!("{name}.out.csv"));
                let args = vec![
                    s("convert"),
                    s(input.display()),
                    s("--to"),
                    s("csv"),
                    s("--out"),
                    s(out.display()),
                ];
                let case_name = format!(
                    "line ends {name} {variant} case {case} (seed {}) {text:?}",
                    seed()
                );
                let (code, stderr) =
                    run_case(&case_name, &args, std::slice::from_ref(&input), &sub);
                assert_eq!(code, 0, "{case_name}: {stderr}");
                written.push(std::fs::read_to_string(&out).unwrap());
            }
            assert_eq!(
                written[0],
                written[1],
                "{name} case {case} (seed {})",
                seed()
            );
        }
    }
}
