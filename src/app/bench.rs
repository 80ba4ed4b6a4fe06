//! The app's frame-time benchmark (`gamma-studio bench --timeline`): the whole window drawn
//! without a display (layout and tessellation on the CPU, not the GPU draw) on a generated
//! document of 3 annotators with its best alignment shown, panning, while a k3×1000 γ computes
//! in a background job; and the reading view on a generated 100,000-character text with its
//! alignment (`reading_frame_times`); and the dashboard of a campaign of many documents while it
//! fills in the background (`dashboard_frame_times`, `gamma-studio bench --project`); and the
//! Coding view of a study of 50,000 items while its bootstrap is drawn (`coding_frame_times`).

use super::{GammaStudioApp, Launch, install_fonts};
use crate::app::document::open_document::{OpenDocument, View};
use crate::app::document::reading_view::CentralView;
use crate::app::document::shown_alignments::ShownAlignments;
use crate::app::files::dialog::{SystemDialog, WithFallback};
use crate::app::jobs::Jobs;
use crate::app::measure::gamma_run::{GammaRequest, GammaRun, Outcome, Status};
use eframe::egui;
use gamma_core::synthetic::{Density, noisy_copies};
use gamma_formats::{Document, Source};
use std::path::PathBuf;
use std::sync::Arc;

/// Draws the whole window one frame at a time, as the real window would, and times it.
struct FrameClock {
    context: egui::Context,
    screen: egui::Rect,
    time: f64,
}

impl FrameClock {
    fn new() -> FrameClock {
        let context = egui::Context::default();
        install_fonts(&context);
        FrameClock {
            context,
            screen: egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0)),
            time: 0.0,
        }
    }

    /// One frame of `app`: layout and tessellation, in milliseconds.
    fn frame(&mut self, app: &mut GammaStudioApp) -> f64 {
        self.time += 1.0 / 60.0;
        let input = egui::RawInput {
            screen_rect: Some(self.screen),
            time: Some(self.time),
            ..Default::default()
        };
        let clock = std::time::Instant::now();
        let mut output = self.context.run_ui(input, |ui| app.draw(ui));
        let _meshes = self
            .context
            .tessellate(output.shapes, output.pixels_per_point);
        // No GPU takes the font atlas: dropping its deltas unapplied is intended (epaint
        // asserts otherwise in debug builds).
        output.textures_delta.clear();
        clock.elapsed().as_secs_f64() * 1000.0
    }
}

/// Frame times of the window on a document of 3 annotators × `units_per_track` units, for
/// the whole document, a tenth and a hundredth in view: (view, milliseconds of each frame).
pub fn frame_times(units_per_track: usize, frames: usize) -> Vec<(String, Vec<f64>)> {
    let mut clock = FrameClock::new();
    let mut app = GammaStudioApp::new(
        Arc::new(|| {}),
        Box::new(WithFallback::new(SystemDialog::new())),
        Launch::default(),
    );
    show_best_alignment(
        &mut app,
        noisy_copies(3, units_per_track, Density::Sparse, 1),
    );
    app.state.documents.reading.central = CentralView::Timeline;
    let background = background_gamma(&app);
    // Warm up (fonts, layout caches).
    for _ in 0..5 {
        clock.frame(&mut app);
    }
    let (start, end) = app.state.document().map_or((0.0, 1.0), |d| d.extent());
    let width = end - start;
    let mut results = Vec::new();
    for (name, share) in [
        ("whole document", 1.0),
        ("a tenth", 0.1),
        ("a hundredth", 0.01),
    ] {
        let mut times = Vec::with_capacity(frames);
        for k in 0..frames {
            // Pan across the document while measuring.
            let view_width = width * share;
            let offset = (width - view_width) * k as f64 / frames.max(1) as f64;
            app.state.documents.view = View {
                start: start + offset,
                end: start + offset + view_width,
            };
            times.push(clock.frame(&mut app));
        }
        results.push((name.to_string(), times));
    }
    drop(background);
    results
}

/// Frame times of the reading view on a text of `characters` characters (words and
/// paragraphs) annotated densely by 3 annotators (a unit per 30 characters each), with its
/// best alignment shown, while a k3×1000 γ computes: each frame selects an alignment further
/// on, so that the view scrolls to new lines every frame.
pub fn reading_frame_times(characters: usize, frames: usize) -> Vec<f64> {
    let mut clock = FrameClock::new();
    let mut app = GammaStudioApp::new(
        Arc::new(|| {}),
        Box::new(WithFallback::new(SystemDialog::new())),
        Launch::default(),
    );
    let mut continuum = noisy_copies(3, (characters / 30).max(1), Density::Dense, 1);
    continuum.text = Some(generated_text(characters));
    show_best_alignment(&mut app, continuum);
    app.state.documents.reading.central = CentralView::Reading;
    let background = background_gamma(&app);
    for _ in 0..5 {
        clock.frame(&mut app);
    }
    let alignments = app.state.shown().map_or(0, |s| s.len());
    let mut times = Vec::with_capacity(frames);
    for k in 0..frames {
        if alignments > 0 {
            app.state.documents.selection.alignment = Some(k * alignments / frames.max(1));
        }
        times.push(clock.frame(&mut app));
    }
    drop(background);
    times
}

/// Frame times of the Coding view on a simulated study of `items` items × 5 coders (4 labels,
/// 10 % of the ratings missing), its bootstrap intervals drawn in the background meanwhile:
/// each frame goes to the next open disagreement (the key N), so that the items table scrolls.
pub fn coding_frame_times(items: usize, frames: usize) -> Vec<f64> {
    use super::coding::study::Study;
    use super::coding::{CodingCommand, CodingInputs};
    let mut clock = FrameClock::new();
    let mut app = GammaStudioApp::new(
        Arc::new(|| {}),
        Box::new(WithFallback::new(SystemDialog::new())),
        Launch::default(),
    );
    let model = gamma_core::coding::simulate::LatentClassModel {
        prevalences: vec![0.4, 0.3, 0.2, 0.1],
        coders: 5,
        accuracy: 0.8,
        missing: 0.1,
    };
    let study = Study::new(Vec::new(), model.study(items, 1), None, None);
    app.state.coding.studies = vec![study];
    app.state.coding.opened = Some(CodingInputs::Table(Vec::new()));
    app.state.shell.mode = super::shell::Mode::Coding;
    app.state.show_coding_study(0);
    for _ in 0..5 {
        clock.frame(&mut app);
    }
    let mut times = Vec::with_capacity(frames);
    for _ in 0..frames {
        let next = CodingCommand::GoToOpen(gamma_core::gold::Direction::Next);
        app.state.apply_coding(next);
        times.push(clock.frame(&mut app));
    }
    times
}

/// What the dashboard's frames cost while it fills: each frame's milliseconds, and the seconds
/// until every document's γ is in the table.
pub struct DashboardFrames {
    pub frames: Vec<f64>,
    pub seconds_to_full_table: f64,
}

/// Frame times of the dashboard on `documents` (a campaign just opened): one frame every 16 ms,
/// as a window drawing at 60 frames a second would, while the background job measures every
/// document and the corpus, until it has finished (or `limit` has passed).
pub fn dashboard_frame_times(
    documents: Vec<Document>,
    limit: std::time::Duration,
) -> DashboardFrames {
    let mut clock = FrameClock::new();
    let mut app = GammaStudioApp::new(
        Arc::new(|| {}),
        Box::new(WithFallback::new(SystemDialog::new())),
        Launch::default(),
    );
    app.state.set_documents(documents);
    app.state.shell.mode = super::shell::Mode::Dashboard;
    let start = std::time::Instant::now();
    let mut frames = Vec::new();
    loop {
        frames.push(clock.frame(&mut app));
        let full = app
            .state
            .campaign
            .dashboard
            .rows
            .iter()
            .all(Option::is_some)
            && !app.state.campaign.dashboard.is_running();
        if full || start.elapsed() > limit {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(16));
    }
    DashboardFrames {
        frames,
        seconds_to_full_table: start.elapsed().as_secs_f64(),
    }
}

/// `characters` characters of words of 2 to 9 letters, a paragraph break about every 600.
fn generated_text(characters: usize) -> String {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    };
    let mut text = String::with_capacity(characters + 16);
    let mut count = 0;
    while count < characters {
        for _ in 0..2 + next(8) {
            text.push((b'a' + next(26) as u8) as char);
            count += 1;
        }
        text.push(if next(100) == 0 { '\n' } else { ' ' });
        count += 1;
    }
    text.chars().take(characters).collect()
}

/// Opens the document and shows its best alignment as if γ were done (the expected disorder
/// is not needed to draw it).
fn show_best_alignment(app: &mut GammaStudioApp, continuum: gamma_core::Continuum) {
    app.state.set_documents(vec![Document {
        continuum: continuum.clone(),
        source: Source::Csv(PathBuf::from("synthetic.csv")),
    }]);
    app.state.cancel();
    let options = app.state.measure.settings.gamma_options();
    let Ok(aligned) = gamma_core::gamma::DocumentAlignment::of(&continuum, &options) else {
        return;
    };
    let shown = ShownAlignments::of_gamma(&continuum, &aligned);
    let result = gamma_core::GammaResult {
        gamma: f64::NAN,
        observed_disorder: aligned.alignment.disorder,
        expected_disorder: f64::NAN,
        observed_lower_bound: aligned.alignment.lower_bound,
        expected_lower_bound: f64::NAN,
        gamma_bounds: None,
        gamma_interval: (f64::NAN, f64::NAN),
        achieved_precision: 0.0,
        n_samples: 0,
        seed: 0,
        chance_disorders: Vec::new(),
        chance_categorical: Vec::new(),
        categories: continuum.categories(),
        documents: vec![aligned],
        gamma_cat: None,
        gamma_k: None,
        seconds: 0.0,
    };
    app.state.measure.run.outcome = Some(Outcome {
        result: Arc::new(result),
        settings: app.state.measure.settings.clone(),
        document: 0,
        pairwise: Vec::new(),
        shown,
        confidence_interval: None,
        relations: None,
    });
    app.state.measure.run.status = Status::Done;
}

/// A k3×1000 γ with its pairwise γ, computing while the frames are measured: the app's own
/// kind of run, but not the app's (the app's result stays shown).
fn background_gamma(app: &GammaStudioApp) -> Jobs {
    let documents = [OpenDocument::new(Document {
        continuum: noisy_copies(3, 1000, Density::Sparse, 2),
        source: Source::Csv(PathBuf::from("background.csv")),
    })];
    let settings = app.state.measure.settings.clone();
    let request = GammaRequest::gamma(&documents, 0, &settings, true);
    let mut jobs = Jobs::new(Arc::new(|| {}));
    GammaRun::default().start(&mut jobs, 0, settings, request);
    jobs
}

#[cfg(test)]
mod tests {
    #[test]
    fn frame_times_are_measured_for_each_view() {
        let times = super::frame_times(40, 3);
        let views: Vec<&str> = times.iter().map(|(view, _)| view.as_str()).collect();
        assert_eq!(views, ["whole document", "a tenth", "a hundredth"]);
        for (view, frames) in &times {
            assert_eq!(frames.len(), 3, "{view}");
            assert!(
                frames.iter().all(|ms| *ms > 0.0 && ms.is_finite()),
                "{view}: {frames:?}"
            );
        }
    }

    #[test]
    fn reading_view_frame_times_are_measured_on_a_generated_text() {
        let text = super::generated_text(2_000);
        assert_eq!(text.chars().count(), 2_000);
        assert!(
            (text.split_whitespace().rev().skip(1)).all(|w| (2..=9).contains(&w.len())),
            "the last word may be cut"
        );
        let times = super::reading_frame_times(2_000, 4);
        assert_eq!(times.len(), 4);
        assert!(
            times.iter().all(|ms| *ms > 0.0 && ms.is_finite()),
            "{times:?}"
        );
    }
}
