"""Quillbright: the sandbox online-course site."""
