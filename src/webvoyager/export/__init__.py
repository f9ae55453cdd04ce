"""Writing a run directory in other benchmarks' layouts (`webvoyager export ...`)."""
