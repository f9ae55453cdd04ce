"""The wiring of a run, above the policies and stand-ins: settings, the policy and model a run uses,
its run directory, and the entry points `run_task` / `execute_task`."""

from webvoyager.api.execute import execute_task, run_task, run_task_async
from webvoyager.api.models import check_model_ready, create_model, default_model_spec
from webvoyager.api.policies import make_policy
from webvoyager.api.rundir import new_run_dir, write_run_json
from webvoyager.api.settings import POLICIES, RunSettings

__all__ = ["execute_task", "run_task", "run_task_async", "check_model_ready", "create_model", "default_model_spec",
           "make_policy", "new_run_dir", "write_run_json", "POLICIES", "RunSettings"]
