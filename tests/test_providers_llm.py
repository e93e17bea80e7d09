"""The OpenAI-compatible LLM, through the real ``openai`` client against a local fake server."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from fakes.openai_server import FakeOpenAIServer
from pydantic import BaseModel

from memgraph.errors import (
    ConfigurationError,
    MalformedOutputError,
    ProviderError,
    ProviderTimeoutError,
    RateLimitedError,
)
from memgraph.providers.base import Usage, extract_json
from memgraph.providers.llm import make_llm
from memgraph.providers.openai_compat import OpenAILLM
from memgraph.providers.retry import MAX_BACKOFF_S, backoff_delay
from memgraph.settings import Settings

HELLO = [{"role": "user", "content": "Ada Lovelace works at the Analytical Engine Company."}]
CREATE_NODE_TOOL = {
    "name": "create_node",
    "description": "Create a person, concept or entity.",
    "parameters": {"type": "object", "properties": {"name": {"type": "string"}},
                   "required": ["name"]},
}


def make(server: FakeOpenAIServer, **kwargs: object) -> OpenAILLM:
    llm = OpenAILLM("fake-model", base_url=server.base_url, **kwargs)  # type: ignore[arg-type]
    llm.backoff_base_s = 0.001   # keep retries fast in tests
    return llm


class Person(BaseModel):
    name: str
    age: int


# -- tool calling ------------------------------------------------------------------------

def test_tool_calls_are_parsed_into_name_and_argument_dict(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"tool_calls": [
        {"name": "create_node", "arguments": {"name": "Ada", "kind": "Person"}},
        {"name": "create_node", "arguments": {"name": "Analytical Engine Company"}},
    ]}])
    result = make(fake_openai).chat(HELLO, tools=[CREATE_NODE_TOOL])

    assert [c.name for c in result.tool_calls] == ["create_node", "create_node"]
    assert result.tool_calls[0].arguments == {"name": "Ada", "kind": "Person"}
    assert result.tool_calls[0].id.startswith("call_")
    assert all(c.parse_error == "" for c in result.tool_calls)
    assert result.finish_reason == "tool_calls"


def test_tools_are_sent_in_openai_function_format(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": "nothing to do"}])
    make(fake_openai).chat(HELLO, tools=[CREATE_NODE_TOOL])

    sent = fake_openai.chat_requests()[0]
    assert sent["tools"] == [{"type": "function", "function": CREATE_NODE_TOOL}]
    assert sent["model"] == "fake-model"
    assert sent["messages"] == HELLO


def test_malformed_tool_arguments_surface_as_parse_error_not_exception(
        fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"tool_calls": [
        {"name": "create_node", "arguments": "{not json"},
        {"name": "create_node", "arguments": "[1, 2]"},
        {"name": "create_node", "arguments": {"name": "fine"}},
    ]}])
    broken, not_an_object, fine = make(fake_openai).chat(HELLO, tools=[CREATE_NODE_TOOL]).tool_calls

    assert broken.arguments == {} and "not valid JSON" in broken.parse_error
    assert broken.raw_arguments == "{not json"
    assert not_an_object.arguments == {} and "JSON object" in not_an_object.parse_error
    assert fine.arguments == {"name": "fine"} and fine.parse_error == ""


def test_plain_content_answer(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": "final text"}])
    result = make(fake_openai).chat(HELLO)
    assert result.content == "final text"
    assert result.tool_calls == []
    assert result.finish_reason == "stop"


def test_json_mode_asks_for_a_json_object(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": "{}"}])
    make(fake_openai).chat(HELLO, json_mode=True)
    assert fake_openai.chat_requests()[0]["response_format"] == {"type": "json_object"}


# -- chat_json: robust JSON from models that are bad at it --------------------------------

@pytest.mark.parametrize("answer", [
    '{"name": "Ada", "age": 36}',
    'Sure! Here it is:\n```json\n{"name": "Ada", "age": 36}\n```\nAnything else?',
    'The person is {"name": "Ada", "age": 36} as requested.',
    '```\n{"name": "Ada", "age": 36,}\n```',   # trailing comma, unlabeled fence
])
def test_chat_json_repairs_fenced_and_prose_wrapped_json(fake_openai: FakeOpenAIServer,
                                                         answer: str):
    fake_openai.script_chat([{"content": answer}])
    person = make(fake_openai).chat_json(HELLO, Person)
    assert person == Person(name="Ada", age=36)
    assert len(fake_openai.chat_requests()) == 1


def test_chat_json_shows_the_schema_and_uses_json_mode(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": '{"name": "Ada", "age": 36}'}])
    make(fake_openai).chat_json(HELLO, Person)
    sent = fake_openai.chat_requests()[0]
    assert sent["response_format"] == {"type": "json_object"}
    assert '"age"' in sent["messages"][-1]["content"]


def test_chat_json_without_json_mode_for_servers_that_reject_it(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": '{"name": "Ada", "age": 36}'}])
    make(fake_openai, json_mode=False).chat_json(HELLO, Person)
    assert "response_format" not in fake_openai.chat_requests()[0]


def test_chat_json_reasks_once_with_the_validation_error(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": '{"name": "Ada", "age": "thirty-six"}'},
                             {"content": '{"name": "Ada", "age": 36}'}])
    usage = Usage()
    person = make(fake_openai).chat_json(HELLO, Person, usage=usage)

    assert person.age == 36
    reask = fake_openai.chat_requests()[1]["messages"]
    assert reask[-2] == {"role": "assistant", "content": '{"name": "Ada", "age": "thirty-six"}'}
    assert "age" in reask[-1]["content"] and reask[-1]["role"] == "user"
    assert usage.calls == 2


def test_chat_json_raises_malformed_output_after_the_second_bad_answer(
        fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": "I cannot do JSON, sorry."},
                             {"content": "{still: not json}"},
                             {"content": '{"name": "never asked", "age": 1}'}])
    with pytest.raises(MalformedOutputError, match="Person"):
        make(fake_openai).chat_json(HELLO, Person)
    assert len(fake_openai.chat_requests()) == 2
    assert fake_openai.pending_chat == 1


def test_extract_json_refuses_text_without_an_object():
    with pytest.raises(ValueError):
        extract_json("no json here [1, 2]")


# -- retries, rate limits, timeouts -------------------------------------------------------

def test_429_then_success_is_retried(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"status": 429}, {"status": 503}, {"content": "ok"}])
    llm = make(fake_openai, max_retries=3)
    assert llm.chat(HELLO).content == "ok"
    assert len(fake_openai.chat_requests()) == 3
    assert llm.usage.calls == 1   # failed attempts are not billed calls


def test_persistent_429_raises_rate_limited_after_max_retries(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"status": 429, "message": "slow down"}] * 5)
    with pytest.raises(RateLimitedError, match="slow down"):
        make(fake_openai, max_retries=2).chat(HELLO)
    assert len(fake_openai.chat_requests()) == 3   # one try and two retries


def test_client_errors_are_not_retried(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"status": 400, "message": "unknown model"}, {"content": "ok"}])
    with pytest.raises(ProviderError, match="unknown model") as raised:
        make(fake_openai, max_retries=3).chat(HELLO)
    assert not isinstance(raised.value, RateLimitedError | ProviderTimeoutError)
    assert len(fake_openai.chat_requests()) == 1


def test_retry_after_header_is_carried_and_sets_the_least_backoff(
        fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"status": 429, "headers": {"retry-after": "7"}}])
    with pytest.raises(RateLimitedError) as raised:
        make(fake_openai, max_retries=0).chat(HELLO)
    assert raised.value.retry_after_s == 7.0  # type: ignore[attr-defined]
    assert backoff_delay(1, base_s=0.001, retry_after_s=7.0) == 7.0
    assert backoff_delay(1, base_s=0.001, retry_after_s=3600) == MAX_BACKOFF_S


def test_backoff_grows_exponentially_with_jitter():
    for attempt in (1, 2, 3):
        delay = backoff_delay(attempt, base_s=0.5)
        assert 0.5 * 2 ** (attempt - 1) <= delay <= 0.5 * 2 ** attempt


def test_answer_slower_than_the_timeout_raises_provider_timeout(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"delay_s": 3.0, "content": "late"}])
    with pytest.raises(ProviderTimeoutError):
        make(fake_openai, timeout_s=0.3, max_retries=0).chat(HELLO)


def test_a_timeout_is_retried(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"delay_s": 3.0, "content": "late"}, {"content": "on time"}])
    assert make(fake_openai, timeout_s=0.3, max_retries=1).chat(HELLO).content == "on time"


def test_unreachable_server_is_a_timeout_error():
    with FakeOpenAIServer() as server:
        url = server.base_url   # the port is free again once the server has stopped
    with pytest.raises(ProviderTimeoutError, match="cannot reach"):
        OpenAILLM("m", base_url=url, max_retries=0).chat(HELLO)


# -- token accounting ---------------------------------------------------------------------

def test_usage_is_recorded_per_call_and_accumulated(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([
        {"content": "a", "usage": {"prompt_tokens": 120, "completion_tokens": 30}},
        {"content": "b", "usage": {"prompt_tokens": 80, "completion_tokens": 5}},
    ])
    llm = make(fake_openai)
    first, second = llm.chat(HELLO), llm.chat(HELLO)

    assert first.usage == Usage(calls=1, prompt_tokens=120, completion_tokens=30)
    assert second.usage == Usage(calls=1, prompt_tokens=80, completion_tokens=5)
    assert llm.usage.as_dict() == {"calls": 2, "prompt_tokens": 200, "completion_tokens": 35,
                                   "total_tokens": 235}


def test_usage_adds_up_under_concurrent_calls(fake_openai: FakeOpenAIServer):
    fake_openai.chat_handler = lambda request: {
        "content": "ok", "usage": {"prompt_tokens": 10, "completion_tokens": 1}}
    llm = make(fake_openai)
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda _: llm.chat(HELLO).content, range(40)))
    assert answers == ["ok"] * 40
    assert llm.usage == Usage(calls=40, prompt_tokens=400, completion_tokens=40)


def test_default_fake_usage_is_never_zero(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"tool_calls": [{"name": "create_node",
                                              "arguments": {"name": "Ada"}}]}])
    usage = make(fake_openai).chat(HELLO).usage
    assert usage.prompt_tokens > 0 and usage.completion_tokens > 0


def test_chat_handler_answers_when_the_script_is_empty(fake_openai: FakeOpenAIServer):
    fake_openai.chat_handler = lambda request: {"content": f"{len(request['messages'])} msgs"}
    assert make(fake_openai).chat(HELLO).content == "1 msgs"


def test_an_unscripted_request_fails_fast_with_a_clear_error(fake_openai: FakeOpenAIServer):
    with pytest.raises(ProviderError, match="no scripted chat response"):
        make(fake_openai).chat(HELLO)


# -- configuration ------------------------------------------------------------------------

def offline_settings(**overrides: object) -> Settings:
    base: dict[str, object] = {"openai_api_key": None, "openai_base_url": None}
    return Settings(_env_file=None, **{**base, **overrides})  # type: ignore[arg-type]


def test_make_llm_is_none_for_the_offline_default():
    assert make_llm(offline_settings(llm="offline")) is None


def test_make_llm_builds_an_openai_llm_from_settings(fake_openai: FakeOpenAIServer):
    settings = offline_settings(llm="openai", llm_model="llama3.1:8b",
                                openai_base_url=fake_openai.base_url,
                                llm_max_retries=5, llm_json_mode=False)
    llm = make_llm(settings)
    assert isinstance(llm, OpenAILLM)
    assert (llm.model_name, llm.max_retries, llm.json_mode) == ("llama3.1:8b", 5, False)
    fake_openai.script_chat([{"content": "hi"}])
    assert llm.chat(HELLO).content == "hi"
    assert fake_openai.chat_requests()[0]["model"] == "llama3.1:8b"


def test_the_real_openai_url_without_a_key_is_a_configuration_error():
    with pytest.raises(ConfigurationError, match="OPENAI_API_KEY"):
        make_llm(offline_settings(llm="openai"))


def test_a_local_server_needs_no_key(fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": "hi"}])
    llm = make_llm(offline_settings(llm="openai", openai_base_url=fake_openai.base_url))
    assert llm is not None and llm.chat(HELLO).content == "hi"
