//! The packaging files agree with each other and with the tree, and the README gives the
//! commands CI runs.

use std::path::Path;

fn read(relative: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(relative))
        .unwrap_or_else(|e| panic!("{relative}: {e}"))
}

const ID: &str = "io.github.gammastudio.GammaStudio";

#[test]
fn desktop_entry_metainfo_and_mime_types_agree() {
    let desktop = read(&format!("packaging/{ID}.desktop"));
    assert!(desktop.contains(&format!("Icon={ID}")));
    assert!(desktop.contains("Exec=gamma-studio open %F"));
    assert!(desktop.contains("application/x-glozz-annotation"));
    let metainfo = read(&format!("packaging/{ID}.metainfo.xml"));
    assert!(metainfo.contains(&format!("<id>{ID}</id>")));
    assert!(metainfo.contains(&format!(
        "<launchable type=\"desktop-id\">{ID}.desktop</launchable>"
    )));
    let mime = read(&format!("packaging/{ID}.mime.xml"));
    assert!(mime.contains("<glob pattern=\"*.aa\"/>"));
    for xml in [&metainfo, &mime] {
        let mut reader = quick_xml::Reader::from_str(xml);
        loop {
            match reader.read_event() {
                Ok(quick_xml::events::Event::Eof) => break,
                Ok(_) => {}
                Err(e) => panic!("not well-formed XML: {e}"),
            }
        }
    }
    let app = read("src/app/shell/window.rs");
    assert!(
        app.contains(&format!(".with_app_id(\"{ID}\")")),
        "the window's app id"
    );
}

/// The types of the desktop entry's `MimeType=` line.
fn desktop_types(desktop: &str) -> Vec<String> {
    desktop
        .lines()
        .find_map(|l| l.strip_prefix("MimeType="))
        .expect("a MimeType= line")
        .split(';')
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// The file types of issue 17: each declared with its glob (or, for TSV 3, told from generic
/// `.tsv` by its first line), opened by the desktop entry and named in the AppStream file;
/// every type the entry opens that is not a standard one is declared.
#[test]
fn the_annotation_tools_file_types_are_declared() {
    let mime = read(&format!("packaging/{ID}.mime.xml"));
    let desktop = desktop_types(&read(&format!("packaging/{ID}.desktop")));
    let metainfo = read(&format!("packaging/{ID}.metainfo.xml"));
    for (kind, glob) in [
        (
            "text/x-webanno-tsv3",
            "<glob pattern=\"*.tsv\" weight=\"40\"/>",
        ),
        (
            "application/x-uima-cas-xmi+xml",
            "<glob pattern=\"*.xmi\" weight=\"40\"/>",
        ),
        ("text/x-brat-annotation", "<glob pattern=\"*.ann\"/>"),
        ("text/x-praat-textgrid", "<glob pattern=\"*.TextGrid\"/>"),
        ("text/x-rttm", "<glob pattern=\"*.rttm\"/>"),
    ] {
        let start = mime
            .find(&format!("<mime-type type=\"{kind}\">"))
            .unwrap_or_else(|| panic!("{kind} is not declared"));
        let declaration = &mime[start..start + mime[start..].find("</mime-type>").unwrap()];
        assert!(declaration.contains(glob), "{kind}: {declaration}");
        assert!(desktop.iter().any(|t| t == kind), "{kind} not opened");
        assert!(
            metainfo.contains(&format!("<mediatype>{kind}</mediatype>")),
            "{kind} not in the AppStream file"
        );
    }
    assert!(mime.contains("<sub-class-of type=\"text/tab-separated-values\"/>"));
    assert!(mime.contains("value=\"#FORMAT=WebAnno TSV 3\""));
    for kind in &desktop {
        if kind.contains("/x-") {
            assert!(
                mime.contains(&format!("<mime-type type=\"{kind}\">")),
                "{kind} is opened but not declared"
            );
        }
    }
    assert!(
        !mime.contains("*.zip"),
        "a project export is a generic zip: no type of its own"
    );
}

/// With shared-mime-info and GIO installed, the types installed in a scratch database are the
/// ones GIO gives the sample files: a TSV 3 file and a plain `.tsv`, UIMA XMI and OMG XMI,
/// brat, TextGrid and RTTM files, a Glozz `.aa`.
#[test]
fn gio_recognises_the_sample_files() {
    let installed = |tool: &str| {
        std::process::Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !installed("update-mime-database") || !installed("gio") {
        println!("notice: update-mime-database or gio is not installed; not checked");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = std::env::temp_dir().join(format!("gamma-studio-mime-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let packages = scratch.join("mime/packages");
    std::fs::create_dir_all(&packages).unwrap();
    std::fs::copy(
        root.join(format!("packaging/{ID}.mime.xml")),
        packages.join(format!("{ID}.xml")),
    )
    .unwrap();
    if Path::new("/usr/share/mime/packages/freedesktop.org.xml").is_file() {
        std::fs::copy(
            "/usr/share/mime/packages/freedesktop.org.xml",
            packages.join("freedesktop.org.xml"),
        )
        .unwrap();
    }
    let update = std::process::Command::new("update-mime-database")
        .arg(scratch.join("mime"))
        .output()
        .unwrap();
    let errors = String::from_utf8_lossy(&update.stderr).into_owned();
    assert!(update.status.success(), "{errors}");
    assert!(!errors.contains("Error"), "{errors}");
    let samples = scratch.join("samples");
    std::fs::create_dir_all(&samples).unwrap();
    let fixture = |relative: &str| root.join("tests/fixtures").join(relative);
    std::fs::write(samples.join("plain.tsv"), "a\tb\n1\t2\n").unwrap();
    std::fs::write(
        samples.join("omg.xmi"),
        "<?xml version=\"1.0\"?><xmi:XMI xmlns:xmi=\"http://schema.omg.org/spec/XMI/2.1\"/>",
    )
    .unwrap();
    for (name, source) in [
        ("inception.tsv", "webanno-tsv/example2.tsv"),
        ("inception.xmi", "webanno-tsv/testSentenceWithEmoji.xmi"),
        ("news.ann", "brat/news/000-introduction.ann"),
        ("mary.TextGrid", "textgrid/mary.TextGrid"),
        ("sample.rttm", "rttm/sample.rttm"),
        ("alice.aa", "glozz/alice.aa"),
    ] {
        std::fs::copy(fixture(source), samples.join(name)).unwrap();
    }
    for (name, expected) in [
        ("inception.tsv", "text/x-webanno-tsv3"),
        ("plain.tsv", "text/tab-separated-values"),
        ("inception.xmi", "application/x-uima-cas-xmi+xml"),
        ("omg.xmi", "text/x-xmi"),
        ("news.ann", "text/x-brat-annotation"),
        ("mary.TextGrid", "text/x-praat-textgrid"),
        ("sample.rttm", "text/x-rttm"),
        ("alice.aa", "application/x-glozz-annotation"),
    ] {
        let output = std::process::Command::new("gio")
            .args(["info", "-a", "standard::content-type"])
            .arg(samples.join(name))
            .env("XDG_DATA_DIRS", format!("{}:/usr/share", scratch.display()))
            .env("XDG_DATA_HOME", scratch.join("none"))
            .output()
            .unwrap();
        let info = String::from_utf8_lossy(&output.stdout);
        let found = info
            .lines()
            .find_map(|l| l.trim().strip_prefix("standard::content-type: "))
            .unwrap_or_else(|| panic!("{name}: {info}"));
        assert_eq!(found, expected, "{name}");
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn every_file_the_deb_installs_exists() {
    let manifest: String = read("Cargo.toml");
    let start = manifest.find("assets = [").expect("deb assets");
    let end = start + manifest[start..].find("\n]").expect("end of the assets");
    let mut count = 0;
    for line in manifest[start..end].lines().skip(1) {
        let Some(source) = line
            .trim()
            .strip_prefix("[\"")
            .and_then(|l| l.split('"').next())
        else {
            continue;
        };
        count += 1;
        if source.starts_with("target/") {
            continue;
        }
        assert!(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(source).is_file(),
            "{source} is listed in [package.metadata.deb] but missing"
        );
    }
    assert!(count >= 12, "{count} assets");
}

#[test]
fn the_readme_gives_the_commands_ci_runs() {
    let readme = read("README.md");
    let ci = read(".ci/run");
    assert!(readme.contains("cargo run --release      # open Gamma Studio's window"));
    assert!(readme.contains("cargo test --release     # run the tests"));
    assert!(ci.lines().any(|l| l.trim() == "cargo test --release"));
    assert!(readme.contains("docs/screenshot.png"));
    assert!(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/screenshot.png")
            .is_file()
    );
}
