"""Replaying a recorded trajectory in a fresh browser to find where a site (or the browser layer) changed."""

from webvoyager.replay.replayer import ReplayReport, StepCheck, replay_task

__all__ = ["ReplayReport", "StepCheck", "replay_task"]
