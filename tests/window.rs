//! The real window: the release binary runs under Xvfb with `--screenshot`, opens the demo,
//! computes γ, saves a PNG of its window and quits. Needs `xvfb-run` (CI installs it and sets
//! GAMMA_STUDIO_REQUIRE_WINDOW_TEST=1 so that a missing Xvfb fails instead of skipping).

use std::process::Command;
use std::time::Duration;

/// Whether `xvfb-run` is there (when it is not, the test is skipped, unless CI requires it).
fn have_xvfb() -> bool {
    let have = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        assert!(
            std::env::var_os("GAMMA_STUDIO_REQUIRE_WINDOW_TEST").is_none(),
            "xvfb-run is required here"
        );
        println!("notice: xvfb-run is absent; the real-window test is skipped");
    }
    have
}

/// Runs the app under Xvfb with `--screenshot shot` (it quits once γ is shown), the
/// environment changed by `configure`; fails if it does not quit in 180 s or fails.
fn screenshot(shot: &std::path::Path, configure: impl FnOnce(&mut Command)) {
    let mut command = Command::new("xvfb-run");
    command
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_gamma-studio"))
        .arg("--screenshot")
        .arg(shot);
    configure(&mut command);
    let mut child = command.spawn().unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(180) {
            let _ = child.kill();
            panic!("the app did not quit within 180 s");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(status.success(), "{status}");
}

#[test]
fn the_app_renders_the_demo_in_a_real_window() {
    if !have_xvfb() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("window.png");
    screenshot(&shot, |command| {
        command.env("XDG_RUNTIME_DIR", dir.path());
    });
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&shot).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert!(
        info.width >= 640 && info.height >= 420,
        "{}×{}",
        info.width,
        info.height
    );
    let mut colours = std::collections::HashSet::new();
    for pixel in pixels.chunks(4) {
        colours.insert([pixel[0], pixel[1], pixel[2]]);
    }
    assert!(
        colours.len() > 50,
        "a window with text, tracks and colours, not a blank one ({} colours)",
        colours.len()
    );
}

/// Every file under `folder`, relative to it.
fn files_under(folder: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            let inner = files_under(&path);
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            found.push(format!("{name}/"));
            found.extend(inner.into_iter().map(|f| format!("{name}/{f}")));
        } else {
            found.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    found.sort();
    found
}

#[test]
fn with_a_data_folder_set_nothing_is_written_under_the_home_folder() {
    if !have_xvfb() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (home, data) = (dir.path().join("home"), dir.path().join("data"));
    std::fs::create_dir(&home).unwrap();
    let shot = dir.path().join("window.png");
    screenshot(&shot, |command| {
        command
            .env("HOME", &home)
            .env("GAMMA_STUDIO_DATA", &data)
            .env("XDG_RUNTIME_DIR", dir.path())
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("XDG_CACHE_HOME")
            .current_dir(dir.path());
    });
    assert_eq!(
        files_under(&home),
        Vec::<String>::new(),
        "the home folder stays empty"
    );
    let kept = files_under(&data);
    assert!(
        kept.contains(&"app.ron".to_string()),
        "egui's memory (window, panels) is in the data folder: {kept:?}"
    );
}
