//! The fuzz suite of issue 21: every reader and every command's numeric options, driven through
//! the built binary with damaged and extreme inputs. For every case it asserts that the process
//! ends by itself within a time bound (exit code 0 or 2: never a panic's 101, never a signal
//! such as an abort), and that its input files are byte-for-byte unchanged.
//!
//! The damaged files come from a seeded generator (ChaCha8): valid files of every format
//! (CSV, Glozz `.aa` with `.ac` and `.aam`, CorA-XML, ELAN, WebAnno TSV 3, UIMA XMI, an
//! INCEpTION project export, brat `.ann` with `.txt`, Praat TextGrid, RTTM) are truncated,
//! have bytes flipped, numbers replaced by extreme ones (±1.7e308, NaN, 23-digit integers,
//! spans of 1e-300), elements nested deeply or duplicated (duplicated ids), binary garbage or
//! non-UTF-8 bytes inserted, or are emptied. The option cases (absurd factors, sample counts,
//! reference models of 10⁷ units…) are a fixed list, as are the regressions of what this suite found.
//! Every damaged document is also converted to TSV 3, CorA-XML and Glozz, whose writers move
//! units, make files from units or keep the input whole, and say so.
//!
//! This is the project's equivalent of `cargo fuzz` targets. CI runs a few cases per class
//! (`cargo test --release --test fuzz`, well under a minute); a long run here raises the number
//! of generated cases per class and picks another seed:
//!
//! ```sh
//! GAMMA_STUDIO_FUZZ_CASES=200 GAMMA_STUDIO_FUZZ_SEED=7 cargo test --release --test fuzz
//! ```
//!
//! A failure names the case (its class, case number and seed), the arguments and the stderr.
//! `GAMMA_STUDIO_FUZZ_LOG=FILE` appends a line per run of the binary to FILE (exit code,
//! seconds, case, arguments).
//! The hostile classes of issue 35 (crafted archives, planted batch files, links at temporary
//! names, special-file outputs, line-end variants) are in `fuzz/hostile.rs`.

#[path = "fuzz/claims.rs"]
mod claims;
#[path = "fuzz/damage.rs"]
mod damage;
#[path = "fuzz/hostile.rs"]
mod hostile;
#[path = "fuzz/run.rs"]
mod run;

use damage::{damage, generated_csv};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use run::run_case;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest a case may run before it counts as a hang (debug builds are slower).
const TIME_BOUND: Duration = Duration::from_secs(if cfg!(debug_assertions) { 60 } else { 20 });

fn cases_per_class() -> usize {
    std::env::var("GAMMA_STUDIO_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
}

fn seed() -> u64 {
    std::env::var("GAMMA_STUDIO_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(21)
}

fn fixture(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(relative)
}

fn s(x: impl ToString) -> String {
    x.to_string()
}

/// Writes bytes to a file of the scratch folder and returns its path.
fn write(folder: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = folder.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The commands run on every damaged document (`files` are its annotation files).
fn commands_on(files: &[PathBuf], extra: &[String], out: &Path) -> Vec<Vec<String>> {
    let paths: Vec<String> = files
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let with = |head: &[&str], tail: &[String]| -> Vec<String> {
        head.iter()
            .map(|h| h.to_string())
            .chain(paths.iter().cloned())
            .chain(extra.iter().cloned())
            .chain(tail.iter().cloned())
            .collect()
    };
    let out_csv = out.join("out.csv").to_string_lossy().into_owned();
    let out_eaf = out.join("out.eaf").to_string_lossy().into_owned();
    let folder = |format: &str| {
        out.join(format!("out-{format}"))
            .to_string_lossy()
            .into_owned()
    };
    // `sweep --reference` reads one file with the default reading options.
    let sweep = [
        "sweep",
        "--reference",
        &paths[0],
        "--error",
        "shift,split",
        "--sets",
        "1",
    ];
    let sweep = sweep
        .iter()
        .map(|a| a.to_string())
        .chain(["--step", "0.5", "--measures", "gamma,kappa,alpha_u,ser,ghd"].map(s));
    vec![
        with(&["gamma"], &[s("--json"), s("--max-samples"), s("60")]),
        with(
            &["gamma"],
            &[
                "--sampler",
                "shuffle",
                "--gamma-cat",
                "--gamma-k",
                "--samples",
                "30",
            ]
            .map(s),
        ),
        with(&["convert"], &[s("--to"), s("elan"), s("--out"), out_eaf]),
        sweep.collect(),
        with(&["coefficients"], &[]),
        with(
            &["convert"],
            &[s("--to"), s("csv"), s("--out"), out_csv.clone()],
        ),
        // The writers that move units, make files from units or keep the input's files whole,
        // and the conversion's account of what they change (issue 35).
        with(
            &["convert"],
            &[s("--to"), s("tsv3"), s("--out"), folder("tsv3")],
        ),
        with(
            &["convert"],
            &[s("--to"), s("cora"), s("--out"), folder("cora")],
        ),
        with(
            &["convert"],
            &[s("--to"), s("glozz"), s("--out"), folder("glozz")],
        ),
        with(
            &["gold"],
            &[
                s("--auto"),
                s("unanimous"),
                s("--out"),
                out.join("gold.csv").to_string_lossy().into_owned(),
            ],
        ),
    ]
}

/// Damages `originals` (name, bytes) `cases_per_class()` times and runs every command on them.
fn fuzz_class(class: &str, originals: &[(&str, Vec<u8>)], extra: impl Fn(&Path) -> Vec<String>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ fnv(class));
    let scratch = tempfile::tempdir().unwrap();
    for case in 0..cases_per_class() {
        let folder = scratch.path().join(format!("case{case}"));
        std::fs::create_dir_all(&folder).unwrap();
        // Damage one file of the document (sometimes all of them).
        let victim = rng.random_range(0..originals.len());
        let all = rng.random_bool(0.2);
        let files: Vec<PathBuf> = originals
            .iter()
            .enumerate()
            .map(|(i, (name, bytes))| {
                let mut bytes = bytes.clone();
                if i == victim || all {
                    // One to three damages on top of each other.
                    for _ in 0..rng.random_range(1..=3) {
                        bytes = damage(&bytes, &mut rng);
                    }
                }
                write(&folder, name, &bytes)
            })
            .collect();
        let extra_args = extra(&folder);
        let annotation_files: Vec<PathBuf> = files
            .iter()
            .filter(|p| {
                // Texts and models are read with the annotation files, not given as documents.
                !p.extension()
                    .is_some_and(|e| e == "ac" || e == "aam" || e == "txt")
            })
            .cloned()
            .collect();
        for args in commands_on(&annotation_files, &extra_args, &folder) {
            let name = format!("{class} case {case} (seed {}) {}", seed(), args[0]);
            run_case(&name, &args, &files, &folder);
        }
    }
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf29ce484222325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

#[test]
fn csv_reader_survives_damaged_files() {
    let mut rng = ChaCha8Rng::seed_from_u64(seed());
    let generated = generated_csv(&mut rng);
    let k2 = std::fs::read(fixture("pygamma/k2_p30.csv")).unwrap();
    fuzz_class("csv generated", &[("doc.csv", generated)], |_| Vec::new());
    fuzz_class("csv pygamma", &[("k2_p30.csv", k2)], |_| Vec::new());
}

const SMALL_AAM: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<annotationModel>
  <units>
    <type name="Entity">
      <featureSet>
        <feature name="entity">
          <possibleValues default="PER"><value>PER</value><value>LOC</value><value>ORG</value></possibleValues>
        </feature>
      </featureSet>
    </type>
    <type name="Sentence"/>
  </units>
  <relations/>
  <schemas/>
</annotationModel>
"#;

#[test]
fn glozz_reader_survives_damaged_files() {
    let read = |name: &str| std::fs::read(fixture(&format!("glozz/{name}"))).unwrap();
    let originals = [
        ("alice.aa", read("alice.aa")),
        ("bob.aa", read("bob.aa")),
        ("doc.ac", read("doc.ac")),
        ("doc.aam", SMALL_AAM.as_bytes().to_vec()),
    ];
    fuzz_class("glozz", &originals, |folder| {
        vec![
            s("--text"),
            folder.join("doc.ac").to_string_lossy().into_owned(),
            s("--model"),
            folder.join("doc.aam").to_string_lossy().into_owned(),
            s("--category-feature"),
            s("entity"),
        ]
    });
}

#[test]
fn cora_reader_survives_damaged_files() {
    let read = |name: &str| std::fs::read(fixture(&format!("cora/{name}"))).unwrap();
    let originals = [
        ("A.xml", read("p1_pos_A.xml")),
        ("B.xml", read("p1_pos_B.xml")),
    ];
    fuzz_class("cora", &originals, |_| Vec::new());
    // tγ reads the same files.
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ fnv("textgamma"));
    let scratch = tempfile::tempdir().unwrap();
    let texts = [
        ("A.xml", read("p2_segtext_A.xml")),
        ("B.xml", read("p2_segtext_B.xml")),
    ];
    for case in 0..cases_per_class() {
        let victim = rng.random_range(0..2);
        let files: Vec<PathBuf> = texts
            .iter()
            .enumerate()
            .map(|(i, (name, bytes))| {
                let bytes = if i == victim {
                    damage(bytes, &mut rng)
                } else {
                    bytes.clone()
                };
                write(scratch.path(), name, &bytes)
            })
            .collect();
        let mut args = vec![s("textgamma")];
        args.extend(files.iter().map(|p| p.to_string_lossy().into_owned()));
        args.extend([s("--samples"), s("20"), s("--json")]);
        run_case(
            &format!("textgamma case {case} (seed {})", seed()),
            &args,
            &files,
            scratch.path(),
        );
    }
}

#[test]
fn elan_reader_survives_damaged_files() {
    let eaf = std::fs::read(fixture("elan/MaureenMarvinRobin.eaf")).unwrap();
    fuzz_class("elan", &[("doc.eaf", eaf)], |_| Vec::new());
}

#[test]
fn inception_readers_survive_damaged_files() {
    let read = |name: &str| std::fs::read(fixture(name)).unwrap();
    let tsv = read("webanno-tsv/example2.tsv");
    fuzz_class(
        "tsv3",
        &[("alice.tsv", tsv.clone()), ("bob.tsv", tsv)],
        |_| Vec::new(),
    );
    let xmi = read("webanno-tsv/testSentenceWithEmoji.xmi");
    fuzz_class(
        "xmi",
        &[("alice.xmi", xmi.clone()), ("bob.xmi", xmi)],
        |_| Vec::new(),
    );
    let zip = read("inception-project/curated-project-3.6.1.zip");
    fuzz_class("inception project", &[("project.zip", zip)], |_| Vec::new());
}

#[test]
fn brat_reader_survives_damaged_files() {
    let read = |name: &str| std::fs::read(fixture(&format!("brat/news/{name}"))).unwrap();
    let originals = [
        ("alice.ann", read("000-introduction.ann")),
        ("alice.txt", read("000-introduction.txt")),
        ("bob.ann", read("000-introduction.ann")),
        ("bob.txt", read("000-introduction.txt")),
    ];
    fuzz_class("brat", &originals, |_| Vec::new());
}

#[test]
fn speech_readers_survive_damaged_files() {
    let read = |name: &str| std::fs::read(fixture(name)).unwrap();
    let textgrid = read("textgrid/MaureenMarvinRobin.TextGrid");
    fuzz_class("textgrid", &[("doc.TextGrid", textgrid)], |_| Vec::new());
    let long = read("textgrid/mary_longfile.TextGrid");
    fuzz_class("textgrid long", &[("mary.TextGrid", long)], |_| Vec::new());
    let rttm = read("rttm/sample.rttm");
    fuzz_class("rttm", &[("turns.rttm", rttm)], |_| Vec::new());
}

/// Hand-made extreme documents: absurd but finite positions, tiny spans, huge numbers.
#[test]
fn extreme_positions_are_refused_or_measured() {
    let scratch = tempfile::tempdir().unwrap();
    let documents = [
        "a,x,0,1.7e308\nb,x,0,1.7e308\n",
        "a,x,-1.7e308,1.7e308\nb,x,-1.7e308,1.7e308\n",
        "a,x,1,1.0000000000000002\nb,x,1,1.0000000000000002\n",
        "a,x,0,1e-300\nb,x,0,1e-300\n",
        "a,x,12345678901234567890123,12345678901234567890124\nb,x,0,5\n",
        "a,x,999999999999,1000000000000\nb,x,0,1\n",
        "a,x,-1000000000000,1000000000000\nb,x,-1000000000000,1000000000000\n",
        "a,x,NaN,5\nb,x,0,5\n",
        "a,x,5,0\nb,x,0,5\n",
        "a,x,5,5\nb,x,0,5\n",
        "a,x,0,5,feature\na,x,0,5\na,x,0,5\nb,x,0,5\n",
        "\u{feff}a,x,0,5\nb,x,0,5\n",
        "a,x,-1000000000000,-999999999000\nb,x,999999999000,1000000000000\n",
        "a,x,0,1000000000000\nb,x,0,1\nb,y,2,3\n",
        "a,x,0,1\nb,x,0,1\na,y,1e11,100000000200\nc,z,5e11,500000001000\n",
    ];
    // Eight annotators whose units all overlap (see the ignored test below for more), and two
    // annotators with many nested units.
    let many: String = (0..8).map(|i| format!("n{i},x,{i},{}\n", i + 2)).collect();
    let nested: String = (0..200)
        .map(|i| format!("a,x,{i},{}\nb,y,{i},{}\n", 400 - i, 401 - i))
        .collect();
    let documents: Vec<&str> = documents
        .iter()
        .copied()
        .chain([many.as_str(), nested.as_str()])
        .collect();
    for (i, text) in documents.iter().enumerate() {
        let file = write(scratch.path(), &format!("extreme{i}.csv"), text.as_bytes());
        for args in commands_on(std::slice::from_ref(&file), &[], scratch.path()) {
            let shown: String = text.chars().take(120).collect();
            run_case(
                &format!("extreme document {i}: {shown:?}, {}", args[0]),
                &args,
                std::slice::from_ref(&file),
                scratch.path(),
            );
        }
    }
}

/// Work that is legitimate but huge — many mutually overlapping annotators (each unit of 50
/// annotators overlaps its neighbours': the tuples to weigh grow exponentially), or two
/// annotators of 2,000 units all nested in one another — is never silent: within seconds the
/// command line says what it is computing and that Ctrl+C stops it, and Ctrl+C (SIGINT) ends it
/// at once, leaving the input as it was.
#[test]
fn long_computations_say_what_they_do_and_stop_on_ctrl_c() {
    use std::os::unix::process::ExitStatusExt;
    let scratch = tempfile::tempdir().unwrap();
    // Twenty annotators (within the limit of 32) on one stretch: an exact search of minutes.
    let many: String = (0..20)
        .map(|i| format!("n{i},x,{},{}\n", i % 3, i % 3 + 5))
        .collect();
    let nested: String = (0..2000)
        .map(|i| format!("a,x,{i},{}\nb,y,{i},{}\n", 4000 - i, 4001 - i))
        .collect();
    for (name, text) in [("many20.csv", many), ("nested.csv", nested)] {
        let file = write(scratch.path(), name, text.as_bytes());
        let stderr_path = scratch.path().join(format!("{name}.stderr"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
            .args(["gamma", &file.to_string_lossy(), "--samples", "30"])
            .env("GAMMA_STUDIO_DATA", scratch.path().join("data"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&stderr_path).unwrap())
            .spawn()
            .unwrap();
        let started = Instant::now();
        let said = loop {
            let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
            if stderr.contains("still computing") || started.elapsed() > TIME_BOUND {
                break stderr;
            }
            if let Some(status) = child.try_wait().unwrap() {
                panic!("{name}: ended ({status}) before it said it was computing: {stderr}");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        assert!(
            said.contains("still computing after") && said.contains("Ctrl+C stops"),
            "{name}: silent for {:?}: {said}",
            started.elapsed()
        );
        let interrupted = Instant::now();
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                interrupted.elapsed() < Duration::from_secs(5),
                "{name}: Ctrl+C did not stop it"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.signal(), Some(2), "{name}: {status}");
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            text,
            "{name}: input changed"
        );
    }
}

/// The options of `gamma`: absurd but finite numbers are refused (exit 2) naming the option.
#[test]
fn gamma_options_with_absurd_values() {
    let scratch = tempfile::tempdir().unwrap();
    let file = fixture("pygamma/k2_p30.csv");
    let f = file.to_string_lossy().into_owned();
    // (options, what the refusal must mention; None: a legitimate run that must succeed).
    let cases: &[(&[&str], Option<&str>)] = &[
        (&["--delta-empty", "1e308"], Some("--delta-empty")),
        (&["--delta-empty", "0"], Some("at most 1e6")),
        (&["--delta-empty", "NaN"], Some("--delta-empty")),
        (
            &[
                "--max-samples",
                "18446744073709551615",
                "--precision",
                "1e-9",
            ],
            Some("1000000"),
        ),
        (&["--samples", "18446744073709551615"], Some("1000000")),
        (&["--samples", "0"], Some("--samples")),
        // Bounded by --max-samples (5,000 by default): a long but finite run.
        (&["--precision", "1e-300", "--max-samples", "40"], None),
        (&["--precision", "0"], Some("--precision")),
        (&["--confidence", "1"], Some("--confidence")),
        (&["--confidence", "NaN"], Some("--confidence")),
        (&["--alpha", "1e308"], Some("--alpha")),
        (&["--alpha=-1"], Some("--alpha")),
        (&["--beta", "inf"], Some("--beta")),
        (&["--threads", "0"], Some("--threads")),
        (
            &["--threads", "18446744073709551615"],
            Some("--threads must be from 1 to 256"),
        ),
        (&["--seed", "18446744073709551615", "--samples", "30"], None),
        (&["--category-scale", "numeric"], Some("not a number")),
    ];
    for (extra, refusal) in cases {
        let mut args = vec![s("gamma"), f.clone(), s("--json")];
        args.extend(extra.iter().map(|a| a.to_string()));
        let (code, stderr) = run_case(
            &format!("gamma {extra:?}"),
            &args,
            std::slice::from_ref(&file),
            scratch.path(),
        );
        match refusal {
            Some(mention) => assert!(
                code == 2 && stderr.contains(mention),
                "gamma {extra:?}: expected a refusal mentioning {mention:?}, got exit {code}: {stderr}"
            ),
            None => assert_eq!(code, 0, "gamma {extra:?}: {stderr}"),
        }
    }
}

/// A reference model (`--model M.json`) of `units` units with lengths and gaps up to `max`.
fn model_json(units: &str, max: &str, prevalence: &str) -> String {
    format!(
        r#"{{"units": {units}, "categories": [{{"name": "A", "prevalence": {prevalence}, "min_length": 1, "max_length": {max}}},
        {{"name": "B", "prevalence": 0.5, "min_length": 1, "max_length": 5}}], "min_gap": 0, "max_gap": {max}, "overlap": false}}"#
    )
}

/// `shuffle` and `sweep` with absurd reference models: refused up front with the range.
#[test]
fn reference_models_with_absurd_values() {
    let scratch = tempfile::tempdir().unwrap();
    let models = [
        ("units 1e7", model_json("10000000", "5", "0.5"), true),
        ("units 1e12", model_json("1000000000000", "5", "0.5"), true),
        (
            "units usize::MAX",
            model_json("18446744073709551615", "5", "0.5"),
            true,
        ),
        (
            "max length u32::MAX",
            model_json("100", "4294967295", "0.5"),
            true,
        ),
        ("prevalence 1e308", model_json("50", "5", "1e308"), true),
        ("negative prevalence", model_json("50", "5", "-1"), true),
        ("units 0", model_json("0", "5", "0.5"), true),
        ("sane", model_json("50", "20", "0.5"), false),
    ];
    for (name, json, must_refuse) in &models {
        let model = write(scratch.path(), "model.json", json.as_bytes());
        let m = model.to_string_lossy().into_owned();
        let out = scratch
            .path()
            .join("shuffled")
            .to_string_lossy()
            .into_owned();
        let shuffle = [
            "shuffle",
            "--model",
            &m,
            "--error",
            "shift,false-positive,split",
            "--magnitude",
            "1",
            "--out",
            &out,
        ]
        .map(s);
        let (code, stderr) = run_case(
            &format!("shuffle model {name}"),
            &shuffle,
            std::slice::from_ref(&model),
            scratch.path(),
        );
        if *must_refuse {
            assert_eq!(code, 2, "shuffle model {name} was accepted");
            assert!(
                stderr.contains("model.json") && (stderr.contains(" to ") || stderr.contains("≤")),
                "shuffle model {name}: the refusal names neither the file nor the range: {stderr}"
            );
        } else {
            assert_eq!(code, 0, "shuffle model {name}: {stderr}");
        }
        let sweep = [
            "sweep", "--model", &m, "--error", "shift", "--sets", "1", "--step", "1",
        ]
        .map(s);
        run_case(
            &format!("sweep model {name}"),
            &sweep,
            std::slice::from_ref(&model),
            scratch.path(),
        );
    }
}

/// `shuffle`, `sweep` and `calibrate` with absurd options: refused naming the option.
#[test]
fn shuffling_options_with_absurd_values() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("out").to_string_lossy().into_owned();
    let option_cases: &[&[&str]] = &[
        &[
            "shuffle",
            "--shift-factor",
            "NaN",
            "--magnitude",
            "0.5",
            "--out",
            &out,
        ],
        &[
            "shuffle",
            "--shift-factor",
            "1e308",
            "--magnitude",
            "0.5",
            "--out",
            &out,
        ],
        &[
            "shuffle",
            "--false-positive-factor",
            "1e9",
            "--magnitude",
            "1",
            "--out",
            &out,
        ],
        &[
            "shuffle",
            "--split-factor=-1",
            "--magnitude",
            "1",
            "--out",
            &out,
        ],
        &["shuffle", "--magnitude", "NaN", "--out", &out],
        &["shuffle", "--magnitude", "1e308", "--out", &out],
        &[
            "shuffle",
            "--annotators",
            "18446744073709551615",
            "--magnitude",
            "1",
            "--out",
            &out,
        ],
        &[
            "sweep",
            "--false-positive-factor",
            "1e9",
            "--sets",
            "1",
            "--step",
            "1",
        ],
        &["sweep", "--step", "1e-300", "--sets", "1"],
        &["sweep", "--step", "NaN", "--sets", "1"],
        &["sweep", "--sets", "18446744073709551615", "--step", "1"],
        &[
            "sweep",
            "--annotators",
            "1000000",
            "--sets",
            "1",
            "--step",
            "1",
        ],
    ];
    for extra in option_cases {
        let mut args: Vec<String> = vec![
            extra[0].into(),
            s("--model"),
            s("default"),
            s("--error"),
            s("shift"),
        ];
        args.extend(extra[1..].iter().map(|a| a.to_string()));
        let (code, stderr) = run_case(&format!("{extra:?}"), &args, &[], scratch.path());
        refused_naming(extra, code, &stderr);
    }
    let demo = fixture("pygamma/k2_p30.csv");
    let calibrate_cases: &[&[&str]] = &[&["--step", "1e-300"], &["--sets", "18446744073709551615"]];
    for extra in calibrate_cases {
        let mut args = vec![s("calibrate"), demo.to_string_lossy().into_owned()];
        args.extend(extra.iter().map(|a| a.to_string()));
        let (code, stderr) = run_case(
            &format!("calibrate {extra:?}"),
            &args,
            std::slice::from_ref(&demo),
            scratch.path(),
        );
        refused_naming(&[&["calibrate"], *extra].concat(), code, &stderr);
    }
}

/// The case (a command and its options, the absurd one first) was refused with exit code 2 by
/// a message that names the option.
fn refused_naming(case: &[&str], code: i32, stderr: &str) {
    let option = case[1].trim_start_matches('-');
    let option = option.split('=').next().unwrap_or(option);
    assert!(
        code == 2 && stderr.contains(option),
        "{case:?}: expected a refusal naming {option:?}, got exit {code}: {stderr}"
    );
}

/// The same command with the same seed prints the same γ with one thread or two.
#[test]
fn gamma_is_identical_with_one_or_two_threads() {
    let scratch = tempfile::tempdir().unwrap();
    let file = fixture("pygamma/k2_p30.csv");
    let output = |threads: &str| {
        let args = [
            "gamma",
            &file.to_string_lossy(),
            "--seed",
            "3",
            "--json",
            "--threads",
            threads,
        ]
        .map(s);
        let (code, _) = run_case(
            &format!("gamma --threads {threads}"),
            &args,
            std::slice::from_ref(&file),
            scratch.path(),
        );
        assert_eq!(code, 0);
        let text = std::fs::read_to_string(scratch.path().join("stdout")).unwrap();
        let mut json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        remove_seconds(&mut json);
        assert!(
            json.get("gamma").is_some_and(|g| g.is_f64()),
            "no γ in {text}"
        );
        serde_json::to_string(&json).unwrap()
    };
    assert_eq!(output("1"), output("2"));
}

fn remove_seconds(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.remove("seconds");
            map.values_mut().for_each(remove_seconds);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(remove_seconds),
        _ => {}
    }
}
