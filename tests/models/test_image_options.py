"""Image options (`--image-format`, `--image-scale`, `--image-detail`): what the server receives through the
real SDKs (the image decoded: format, size, JPEG quality), what run.json records, where they are refused,
SeeAct's coordinates mapped back from a scaled screenshot, and the per-provider image-token estimates."""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest
from PIL import Image
from typer.testing import CliRunner

from tests.models.fake_providers import FakeOpenAI, openai_completion
from webvoyager.api import check_model_ready, create_model
from webvoyager.api.policies import make_policy
from webvoyager.api.settings import RunSettings
from webvoyager.browser.types import Click, Element, Observation, Point
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.models import ScriptedModel
from webvoyager.models.image_encoding import parse_image_format
from webvoyager.models.image_tokens import anthropic_image_tokens, gemini_image_tokens, openai_image_tokens
from webvoyager.tasks import Task

runner = CliRunner()
TASK = Task(id="t", question="Find the soup.", start_url="http://shop.localhost/")


def _png(width: int = 1024, height: int = 768) -> bytes:
    """A screenshot-like image with detail, so JPEG qualities give different files."""
    image = Image.new("RGB", (width, height), "white")
    for x in range(0, width, 7):
        for y in range(0, height, 11):
            image.putpixel((x, y), ((x * 3) % 256, (y * 5) % 256, (x + y) % 256))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


SCREENSHOT = _png()


def _observation() -> Observation:
    button = Element(label=0, tag="button", text="Search", bbox=(180, 80, 60, 40))
    return Observation(url="http://shop.localhost/", title="Shop", screenshot=SCREENSHOT,
                       marked_screenshot=SCREENSHOT, elements=[button], text='[0]: <button> "Search"')


def _sent_images(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [part["image_url"] for m in body["messages"] if isinstance(m["content"], list)
            for part in m["content"] if part["type"] == "image_url"]


def _decode(url: str) -> Image.Image:
    header, data = url.split(",", 1)
    image = Image.open(io.BytesIO(base64.b64decode(data)))
    image.info["header"] = header
    return image


def _jpeg_tables(quality: int, size: tuple[int, int]) -> Any:
    out = io.BytesIO()
    Image.open(io.BytesIO(SCREENSHOT)).resize(size).save(out, format="JPEG", quality=quality)
    return Image.open(io.BytesIO(out.getvalue())).quantization


async def _webvoyager_request(settings: RunSettings) -> tuple[dict[str, Any], Any]:
    with FakeOpenAI() as server:
        server.queue(openai_completion("Thought: wait\nAction: Wait"))
        policy = make_policy(settings, create_model("openai:gpt-4o", base_url=server.base_url, api_key="k"))
        policy.reset(TASK)
        decision = await policy.decide(_observation())
        return server.bodies()[0], decision.usage


@pytest.mark.parametrize("quality", [30, 90])
async def test_jpeg_is_sent_at_the_asked_quality_and_scale(quality: int) -> None:
    body, usage = await _webvoyager_request(RunSettings(image_format="jpeg", image_quality=quality, image_scale=0.5))
    (sent,) = _sent_images(body)
    image = _decode(sent["url"])
    assert image.info["header"] == "data:image/jpeg;base64" and image.format == "JPEG"
    assert image.size == (512, 384)
    assert image.quantization == _jpeg_tables(quality, (512, 384))   # the tables PIL writes for that quality
    assert image.quantization != _jpeg_tables(60, (512, 384))
    assert sent["detail"] == "high"   # the policy's own, untouched without --image-detail
    # OpenAI's high detail on 512x384: one 512 px tile, 170 + 85.
    assert usage.image_tokens_estimate == 255


async def test_jpeg_quality_orders_the_file_sizes_and_png_stays_as_taken() -> None:
    sizes = {}
    for quality in (20, 95):
        body, _ = await _webvoyager_request(RunSettings(image_format="jpeg", image_quality=quality))
        sizes[quality] = len(_sent_images(body)[0]["url"])
    assert sizes[20] < sizes[95]
    body, usage = await _webvoyager_request(RunSettings())
    (sent,) = _sent_images(body)
    assert base64.b64decode(sent["url"].split(",", 1)[1]) == SCREENSHOT   # no option: the PNG as taken
    assert usage.image_tokens_estimate == 765   # 1024x768 at high detail: 4 tiles


async def test_image_detail_is_sent_to_openai_and_refused_for_anthropic_and_gemini() -> None:
    body, usage = await _webvoyager_request(RunSettings(image_detail="low"))
    (sent,) = _sent_images(body)
    assert sent["detail"] == "low" and usage.image_tokens_estimate == 85
    settings = RunSettings(image_detail="low")
    for spec in ("anthropic:claude-sonnet-4-5", "gemini:gemini-2.5-flash"):
        with pytest.raises(ConfigError, match="--image-detail is OpenAI's"):
            check_model_ready(spec, api_key="k", settings=settings)
        with pytest.raises(ConfigError, match="--image-detail is OpenAI's"):
            create_model(spec, api_key="k", settings=settings)
    check_model_ready("openai:gpt-4o", api_key="k", settings=settings)


async def test_seeact_coordinates_are_told_the_scaled_size_and_mapped_back() -> None:
    model = ScriptedModel.from_replies(["I click Search.", "POINT: (105, 50)\nACTION: CLICK\nVALUE: None"])
    policy = make_policy(RunSettings(policy="seeact", grounding="coordinates", image_scale=0.5), model)
    policy.reset(TASK)
    decision = await policy.decide(_observation())
    sent = model.calls[0].messages[1].images[0]
    assert Image.open(io.BytesIO(sent.data)).size == (512, 384)
    assert "512 pixels wide and 384 pixels high" in model.calls[1].messages[-1].text_content
    # (105, 50) on the half-size screenshot is (210, 100) in the viewport: inside the Search button.
    assert decision.action == Click(Point(210, 100))
    assert decision.record.seeact.element == 0


def test_parse_image_format_and_the_settings_checks() -> None:
    assert parse_image_format("png") == ("png", None)
    assert parse_image_format("JPEG:70") == ("jpeg", 70)
    for bad in ("gif", "png:50", "jpeg:high"):
        with pytest.raises(ConfigError):
            parse_image_format(bad)
    for fields, words in [({"image_scale": 0}, "above 0"), ({"image_scale": 1.5}, "at most 1"),
                          ({"image_format": "jpeg", "image_quality": 0}, "1 to 100"),
                          ({"image_quality": 50}, "needs the jpeg format"), ({"image_detail": "max"}, "low, high")]:
        with pytest.raises(ConfigError, match=words):
            RunSettings(**fields)
    with pytest.raises(ConfigError, match="the paper protocol sends its screenshots as the originals did"):
        RunSettings(protocol="paper", image_format="jpeg")
    with pytest.raises(ConfigError, match="computer-use vendors fix the screenshot"):
        RunSettings(policy="cua", image_scale=0.5)
    with pytest.raises(ConfigError, match="--text-only sends no screenshots"):
        RunSettings(text_only=True, image_detail="low")


def test_image_token_estimates_per_provider() -> None:
    assert openai_image_tokens(1024, 768, "high") == 765 and openai_image_tokens(1024, 768, None) == 765
    assert openai_image_tokens(1024, 768, "low") == 85
    assert openai_image_tokens(4096, 2048, "high") == 170 * 6 + 85   # fitted to 2048x1024, then 1536x768
    assert anthropic_image_tokens(1024, 768) == 1049 and anthropic_image_tokens(3136, 1568) == 1600
    assert gemini_image_tokens(300, 200) == 258 and gemini_image_tokens(1024, 768) == 2 * 258


@pytest.mark.browser
def test_run_records_the_options_sends_them_and_shows_the_cached_tokens(pages_url, tmp_path) -> None:
    out = tmp_path / "run"
    with FakeOpenAI() as server:
        server.queue(openai_completion("Thought: it is there.\nAction: ANSWER; [Tomato Soup]", prompt_tokens=2000,
                                       completion_tokens=20, cached_tokens=1536))
        res = runner.invoke(app, ["run", "Which soup?", "--url", f"{pages_url}/agent/index.html", "--model",
                                  "openai:gpt-4o", "--base-url", server.base_url, "--out", str(out),
                                  "--image-format", "jpeg:40", "--image-scale", "0.5", "--image-detail", "low"],
                            env={"COLUMNS": "200"})
        body = server.bodies()[0]
    assert res.exit_code == 0, res.output
    settings = json.loads((out / "run.json").read_text())["settings"]
    assert (settings["image_format"], settings["image_quality"], settings["image_scale"],
            settings["image_detail"]) == ("jpeg", 40, 0.5, "low")
    (sent,) = _sent_images(body)
    image = _decode(sent["url"])
    assert image.format == "JPEG" and image.size == (512, 384) and sent["detail"] == "low"
    usage = json.loads((out / "task" / "result.json").read_text())["usage"]
    assert (usage["cache_read_tokens"], usage["image_tokens_estimate"]) == (1536, 85)
    assert "2020 tokens (1,536 cached)" in res.output


def test_paper_and_cua_refuse_the_options_on_run_and_bench(tmp_path) -> None:
    paper = runner.invoke(app, ["run", "x", "--url", "http://127.0.0.1:9/", "--model", "reference", "--protocol",
                                "paper", "--image-format", "jpeg", "--out", str(tmp_path / "a")])
    assert paper.exit_code == 2 and "paper protocol sends its screenshots" in " ".join(paper.output.split())
    bench = runner.invoke(app, ["bench", "sandbox", "--model", "reference", "--protocol", "paper", "--image-scale",
                                "0.5", "--out", str(tmp_path / "b")])
    assert bench.exit_code == 2 and "paper protocol sends its screenshots" in " ".join(bench.output.split())
    cua = runner.invoke(app, ["run", "x", "--url", "http://127.0.0.1:9/", "--model", "anthropic:claude-sonnet-4-5",
                              "--policy", "cua", "--image-scale", "0.5", "--out", str(tmp_path / "c")])
    assert cua.exit_code == 2 and "computer-use vendors fix the screenshot" in " ".join(cua.output.split())
    detail = runner.invoke(app, ["run", "x", "--url", "http://127.0.0.1:9/", "--model", "anthropic:claude-sonnet-4-5",
                                 "--base-url", "http://127.0.0.1:9", "--image-detail", "low",
                                 "--out", str(tmp_path / "d")])
    assert detail.exit_code == 2 and "--image-detail is OpenAI's" in " ".join(detail.output.split())
