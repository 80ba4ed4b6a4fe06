//! Issue 35, through the binary: names from inside files, archives with crafted names,
//! planted batch files, devices and long names as outputs. Each case builds its hostile input,
//! snapshots the folders around the output (paths, types, sizes, times, link targets,
//! contents), runs the command, and asserts that nothing outside the output changed, that no
//! device was replaced, and either the right result or a clear error naming the file.

mod common;

use common::fixture;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Every entry under `root` but `except` (links not followed): type, size, time, link target,
/// contents. Folders by existence only (writing into one changes its time).
fn snapshot(root: &Path, except: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.starts_with(except) {
                continue;
            }
            let metadata = std::fs::symlink_metadata(&path).unwrap();
            let what = if metadata.is_symlink() {
                format!("link to {}", std::fs::read_link(&path).unwrap().display())
            } else if metadata.is_dir() {
                folders.push(path.clone());
                "folder".into()
            } else {
                format!(
                    "{} bytes {:?} hash {:016x}",
                    metadata.len(),
                    metadata.modified().unwrap(),
                    fnv(&std::fs::read(&path).unwrap())
                )
            };
            out.insert(path, what);
        }
    }
    out
}

/// FNV-1a of `bytes`: a file's contents in a snapshot.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A pair of CorA files whose text id is `id`, and a CSV document: two documents, so that
/// `convert` writes OUT/<document name> each.
fn cora_pair_and_csv(dir: &Path, id: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for side in ["A", "B"] {
        let xml = std::fs::read_to_string(fixture(&format!("cora/p1_pos_{side}.xml"))).unwrap();
        let xml = xml.replace(
            &format!("<text id=\"p1_pos_{side}\">"),
            &format!("<text id=\"{id}\">"),
        );
        let path = dir.join(format!("{side}.xml"));
        std::fs::write(&path, xml).unwrap();
        files.push(path);
    }
    let csv = dir.join("doc.csv");
    std::fs::write(&csv, "annotator,category,start,end\na,X,0,5\nb,X,0,5\n").unwrap();
    files.push(csv);
    files
}

/// A CorA text id `../../x` or `/abs/x` becomes one file name inside OUT.
#[test]
fn document_names_from_inside_files_stay_inside_the_output_folder() {
    for (id, written) in [("../../x", ".._.._x.csv"), ("/abs/x", "_abs_x.csv")] {
        let root = tempfile::tempdir().unwrap();
        let inputs = root.path().join("in");
        std::fs::create_dir(&inputs).unwrap();
        let files = cora_pair_and_csv(&inputs, id);
        let out = root.path().join("a").join("b").join("out");
        std::fs::create_dir_all(out.parent().unwrap()).unwrap();
        let before = snapshot(root.path(), &out);
        let mut args = vec!["convert"];
        args.extend(files.iter().map(|f| arg(f)));
        args.extend(["--to", "csv", "--out", arg(&out)]);
        let output = run(&args);
        assert!(output.status.success(), "{id}: {}", stderr(&output));
        assert_eq!(
            snapshot(root.path(), &out),
            before,
            "{id}: outside the output"
        );
        let mut names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, [written, "doc.csv"], "{id}");
    }
}

/// An INCEpTION export whose document is named `..` (entries `annotation/../alice.tsv`):
/// refused, naming the entry; nothing written anywhere.
#[test]
fn an_export_with_a_document_named_dot_dot_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let export = root.path().join("export.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&export).unwrap());
    let tsv = std::fs::read(fixture(
        "webanno-tsv/testCrossSentenceSpanWithFeatureValue.tsv",
    ))
    .unwrap();
    for name in ["annotation/doc/alice.tsv", "annotation/../alice.tsv"] {
        writer
            .start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        std::io::Write::write_all(&mut writer, &tsv).unwrap();
    }
    writer.finish().unwrap();
    let out = root.path().join("deep").join("out");
    let before = snapshot(root.path(), &out);
    for to in ["tsv3", "glozz", "xmi", "brat", "cora", "csv"] {
        let output = run(&["convert", arg(&export), "--to", to, "--out", arg(&out)]);
        assert_eq!(output.status.code(), Some(2), "{to}");
        assert!(
            stderr(&output)
                .contains("the entry \"annotation/../alice.tsv\" has a `.`, `..` or empty part"),
            "{to}: {}",
            stderr(&output)
        );
        assert!(!out.exists());
        assert_eq!(snapshot(root.path(), &out), before, "{to}");
    }
}

/// `/dev/null` stays a device; `/dev/full` reports its full disk; `/dev/stdout` prints.
#[cfg(unix)]
#[test]
fn devices_as_outputs_are_written_through_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let root = tempfile::tempdir().unwrap();
    let csv = root.path().join("doc.csv");
    std::fs::write(&csv, "annotator,category,start,end\na,X,0,5\nb,X,0,5\n").unwrap();
    if Path::new("/dev/null").exists() {
        let output = run(&["convert", arg(&csv), "--to", "csv", "--out", "/dev/null"]);
        assert!(output.status.success(), "{}", stderr(&output));
        let metadata = std::fs::metadata("/dev/null").unwrap();
        assert!(metadata.file_type().is_char_device());
    }
    if Path::new("/dev/full").exists() {
        let output = run(&["convert", arg(&csv), "--to", "csv", "--out", "/dev/full"]);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains("/dev/full: cannot write: No space left on device"),
            "{}",
            stderr(&output)
        );
        assert!(
            std::fs::metadata("/dev/full")
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
    if Path::new("/dev/stdout").exists() {
        let output = run(&["convert", arg(&csv), "--to", "csv", "--out", "/dev/stdout"]);
        assert!(output.status.success(), "{}", stderr(&output));
        let printed = String::from_utf8_lossy(&output.stdout);
        assert!(printed.contains("a,X,0,5"), "{printed}");
    }
}

/// Batch files planted in the output folder, naming files outside it (or, by a `secondary`
/// line, a batch planted in another folder): the command writes its output, and nothing
/// outside the output changes.
#[test]
fn planted_batch_files_in_the_output_folder_touch_nothing() {
    let root = tempfile::tempdir().unwrap();
    let (outside, out) = (root.path().join("outside"), root.path().join("out"));
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let victim = outside.join("victim.txt");
    std::fs::write(&victim, "victim").unwrap();
    let hex = |p: &Path| -> String {
        p.to_str()
            .unwrap()
            .bytes()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    for id in ["0123456789abcdef", "fedcba9876543210"] {
        std::fs::write(
            out.join(format!(".gamma-studio-batch.{id}.lock")),
            hex(&victim) + "\n",
        )
        .unwrap();
    }
    std::fs::write(
        out.join(".gamma-studio-batch.0123456789abcdef.manifest"),
        format!(
            "gamma-studio batch 2\nfile {} {} -\n",
            hex(&outside.join("x")),
            hex(&victim)
        ),
    )
    .unwrap();
    // Issue 45: a committed batch planted in `outside` (lock, manifest naming `out` as its
    // primary, a staged file named as the batch names the victim's), and in `out` a manifest
    // whose `secondary` line names `outside`. A write into `out` never finishes it.
    let id = "00112233aabbccdd";
    std::fs::write(out.join(format!(".gamma-studio-batch.{id}.lock")), "").unwrap();
    std::fs::write(
        out.join(format!(".gamma-studio-batch.{id}.manifest")),
        format!("gamma-studio batch 2\nsecondary {}\n", hex(&outside)),
    )
    .unwrap();
    let staged = format!(".victim.txt.gsb-{id}.tmp");
    std::fs::write(outside.join(&staged), "planted").unwrap();
    std::fs::write(outside.join(format!(".gamma-studio-batch.{id}.lock")), "").unwrap();
    std::fs::write(
        outside.join(format!(".gamma-studio-batch.{id}.manifest")),
        format!(
            "gamma-studio batch 2\nprimary {}\nfile {} {} -\n",
            hex(&out),
            hex(Path::new(&staged)),
            hex(Path::new("victim.txt"))
        ),
    )
    .unwrap();
    let csv = root.path().join("doc.csv");
    std::fs::write(&csv, "annotator,category,start,end\na,X,0,5\nb,X,0,5\n").unwrap();
    let before = snapshot(root.path(), &out);
    let gold = out.join("gold.csv");
    let output = run(&["convert", arg(&csv), "--to", "csv", "--out", arg(&gold)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = run(&[
        "gold",
        arg(&csv),
        "--auto",
        "unanimous",
        "--out",
        arg(&gold),
        "--force",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(snapshot(root.path(), &out), before);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "victim");
}

/// Output names of 240 to 255 bytes are written (the temporary's name is shortened).
#[test]
fn the_longest_output_names_are_written() {
    let root = tempfile::tempdir().unwrap();
    let csv = root.path().join("doc.csv");
    std::fs::write(&csv, "annotator,category,start,end\na,X,0,5\nb,X,0,5\n").unwrap();
    for length in [240, 255] {
        let out = root.path().join(format!("{}.csv", "o".repeat(length - 4)));
        let output = run(&["convert", arg(&csv), "--to", "csv", "--out", arg(&out)]);
        assert!(output.status.success(), "{length}: {}", stderr(&output));
        assert!(std::fs::read_to_string(&out).unwrap().contains("a,X,0,5"));
    }
}
