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
    let app = read("src/app/mod.rs");
    assert!(
        app.contains(&format!(".with_app_id(\"{ID}\")")),
        "the window's app id"
    );
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
