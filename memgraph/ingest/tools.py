"""The typed tools of the extraction agent (and of outside agents).

Each tool is a pydantic model with ``extra="forbid"``; its JSON Schema, in OpenAI's
function format, is what the model sees. ``ToolExecutor`` validates a call and adds it to
a ``Plan`` or refuses it with a one-line reason that goes back to the model as the tool
result. Nothing is written here: unknown ids, invalid types and bad lifetimes never reach
the graph.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memgraph.graph.names import canonical_name
from memgraph.graph.vocabulary import (
    RELATIONSHIP_TYPES,
    SEMANTIC_KINDS,
    Kind,
    Lifetime,
    LifetimeName,
    literal,
    relationship_type,
)
from memgraph.ingest.plan import NodeOp, NoteOp, Plan, RelOp
from memgraph.validation import parse_time, validation_message

MAX_NAME_CHARS = 200          # a node's name or alias
MAX_DESCRIPTION_CHARS = 2000  # a node's description (corrections obey it too)
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS)]
Unit = Annotated[float, Field(ge=0.0, le=1.0)]
RelationshipType = literal(tuple(RELATIONSHIP_TYPES))


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class _NodeArgs(_Args):
    name: Name = Field(description="the name as people would say it")
    ref: str | None = Field(default=None, max_length=80, description=(
        "a short handle for this node so other calls in the same response can refer to it "
        "(defaults to the name)"))
    aliases: list[Name] = Field(default_factory=list, max_length=20,
                                description="other names for the same thing")
    description: str = Field(default="", max_length=MAX_DESCRIPTION_CHARS,
                             description="a short description of what is known")
    attributes: dict[str, str] = Field(default_factory=dict, max_length=30,
                                       description="stable properties, e.g. {\"age\": \"34\"}")
    confidence: Unit = Field(default=0.7, description="how sure the source makes you, 0-1")


class CreatePerson(_NodeArgs):
    """Create a Person, or update it when it already exists (matched by name/alias)."""


class CreateConcept(_NodeArgs):
    """Create a Concept (an idea, activity, topic, preference), or update an existing one."""


class CreateEntity(_NodeArgs):
    """Create an Entity (organisation, place, object, event, pet, work), or update it."""

    entity_type: str = Field(default="", max_length=40,
                             description="organisation, place, object, event, pet, …")


class UpdateNode(_Args):
    """Change an existing node: description, aliases, attributes or confidence."""

    id: Name = Field(description="the node's id from the context, or a ref from this response")
    description: str | None = Field(default=None, max_length=MAX_DESCRIPTION_CHARS)
    aliases: list[Name] = Field(default_factory=list, max_length=20)
    attributes: dict[str, str] = Field(default_factory=dict, max_length=30)
    confidence: Unit | None = None


class AddNote(_Args):
    """Add a dated note to a node or a relationship; it expires after its lifetime."""

    target_id: Name = Field(description="a node or relationship id, a node's name, or a ref "
                                        "from this response")
    text: str = Field(min_length=1, max_length=2000)
    lifetime: LifetimeName = Field(
        default=Lifetime.MONTH.value, description=("week: transient; month: typical context; year: "
                                      "long-term; forever: foundational facts"))


class Relate(_Args):
    """Relate two nodes with a typed relationship (new facts end contradicted ones; a fact
    given with a past valid_to ends the same still-valid fact)."""

    source_id: Name = Field(description="the subject node: an id, its name or a ref")
    target_id: Name = Field(description="the object node: an id, its name or a ref")
    type: RelationshipType = Field(description="the relationship type")
    description: str = Field(default="", max_length=1000)
    attitude: float = Field(default=0.0, ge=-1.0, le=1.0,
                            description="-1 hostile/negative … +1 warm/positive")
    proximity: Unit = Field(default=0.5, description="0 distant … 1 close")
    strength: Unit = Field(default=0.5, description="0 weak … 1 strong evidence or bond")
    confidence: Unit = 0.7
    valid_from: datetime | None = Field(default=None, description="ISO-8601, when it began")
    valid_to: datetime | None = Field(default=None, description="ISO-8601, when it ended")
    ref: str | None = Field(default=None, max_length=80,
                            description="a handle so add_note can target this relationship")

    @field_validator("type", mode="before")
    @classmethod
    def _normalise_type(cls, value: Any) -> Any:
        return relationship_type(value) if isinstance(value, str) else value

    @field_validator("valid_from", "valid_to")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        # a time without an offset is UTC, as everywhere else: a model's "2024-05-01" next
        # to a "…Z" could not be compared (TypeError inside the extraction)
        return parse_time(value)


class LinkSource(_Args):
    """Record that the current source mentions these nodes (provenance)."""

    ids: list[Name] = Field(min_length=1, max_length=50)


TOOLS: dict[str, type[_Args]] = {
    "create_person": CreatePerson, "create_concept": CreateConcept,
    "create_entity": CreateEntity, "update_node": UpdateNode, "add_note": AddNote,
    "relate": Relate, "link_source": LinkSource,
}
SEMANTIC = SEMANTIC_KINDS   # the kinds tools may create, change or relate
_KINDS = {CreatePerson: Kind.PERSON, CreateConcept: Kind.CONCEPT, CreateEntity: Kind.ENTITY}


def argument_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A tool's arguments as JSON Schema, as an agent is shown them (here and over MCP):
    without pydantic's titles, and without the docstring, which is the tool's own
    description."""
    schema = model.model_json_schema()
    schema.pop("title", None)
    schema.pop("description", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
    return schema


def tool_schemas() -> list[dict[str, Any]]:
    """Every tool in OpenAI's function-calling format."""
    out = []
    for name, model in TOOLS.items():
        schema = argument_schema(model)
        if name == "relate":
            schema["properties"]["type"]["description"] = "; ".join(
                f"{t}: {meaning}" for t, meaning in RELATIONSHIP_TYPES.items())
        out.append({"type": "function", "function": {
            "name": name, "description": (model.__doc__ or "").strip(), "parameters": schema}})
    return out


@dataclass(frozen=True)
class Known:
    """An existing element the agent may refer to."""

    uid: str
    kind: str            # Person | Concept | Entity | Source | … or the relationship type
    name: str
    is_relationship: bool = False


Lookup = Callable[[list[str]], dict[str, Known]]


def _attributes(values: dict[str, str]) -> list[str]:
    return [f"{k.strip()}: {v.strip()}" for k, v in values.items() if k.strip()]


def _validation_message(error: ValidationError) -> str:
    return validation_message(error)


class ToolExecutor:
    """Validate tool calls into a ``Plan``; refusals are returned, never written."""

    def __init__(self, lookup: Lookup, known: Iterable[Known] = (),
                 default_confidence: float = 0.7) -> None:
        self.plan = Plan()
        self._lookup = lookup
        self._known: dict[str, Known] = {k.uid: k for k in known}
        self._node_refs: dict[str, NodeOp] = {}
        self._rel_refs: dict[str, RelOp] = {}
        self._default_confidence = default_confidence

    def remember(self, known: Iterable[Known]) -> None:
        """Elements the agent was shown (its context): valid ids without a lookup."""
        self._known.update({k.uid: k for k in known})

    def execute(self, name: str, arguments: dict[str, Any], parse_error: str = "") -> str:
        """Apply one call to the plan; the returned text is the tool result for the model."""
        ok, message = self._execute(name, arguments, parse_error)
        if ok:
            self.plan.accepted_calls += 1
        else:
            self.plan.refused.append(f"{name}: {message}")
        return ("ok: " if ok else "refused: ") + message

    def _execute(self, name: str, arguments: dict[str, Any],
                 parse_error: str) -> tuple[bool, str]:
        if parse_error:
            return False, parse_error
        model = TOOLS.get(name)
        if model is None:
            return False, f"unknown tool {name!r}; use one of {', '.join(TOOLS)}"
        try:
            args = model.model_validate(arguments)
        except ValidationError as e:
            return False, _validation_message(e)
        self._prefetch(args)
        handler = getattr(self, f"_{name}")
        return handler(args)

    # -- ids ----------------------------------------------------------------------------
    def _prefetch(self, args: _Args) -> None:
        """Look up, in one read, ids the call names that are neither refs nor known."""
        ids = [getattr(args, f) for f in ("id", "target_id", "source_id") if hasattr(args, f)]
        ids += list(getattr(args, "ids", []))
        unknown = [i for i in ids if i not in self._known and self._ref(i) not in
                   self._node_refs and self._ref(i) not in self._rel_refs]
        if unknown:
            self._known.update(self._lookup(unknown))

    @staticmethod
    def _ref(text: str) -> str:
        return canonical_name(text) or text

    def _node(self, ident: str) -> str | None:
        """The plan-level id of a node (a uid or a ref), or None when unknown."""
        if self._ref(ident) in self._node_refs:
            return self._node_refs[self._ref(ident)].ref
        known = self._known.get(ident)
        if known is not None and known.kind in SEMANTIC:
            return known.uid       # the ident may be the node's name
        return None

    def node_label(self, ident: str) -> str:
        if ident in self._node_refs:
            return self._node_refs[ident].name
        known = self._known.get(ident)
        return known.name if known else ident

    # -- handlers -----------------------------------------------------------------------
    def _create(self, args: CreatePerson | CreateConcept | CreateEntity) -> tuple[bool, str]:
        kind = _KINDS[type(args)]
        key = canonical_name(args.name)
        if not key:
            return False, "name: must contain a letter or digit"
        ref = self._ref(args.ref or args.name)
        existing = self._node_refs.get(ref) or self._node_refs.get(key)
        if existing is not None and existing.kind is kind:
            existing.aliases = sorted(set(existing.aliases) | set(args.aliases))
            existing.description = existing.description or args.description
            existing.attributes += _attributes(args.attributes)
            self._node_refs[ref] = existing
            return True, f"{kind.value} {args.name!r} merged into ref {existing.ref!r}"
        op = NodeOp(ref=ref, kind=kind, name=args.name, canonical_name=key,
                    aliases=list(args.aliases), description=args.description,
                    attributes=_attributes(args.attributes),
                    entity_type=getattr(args, "entity_type", ""), confidence=args.confidence)
        self.plan.nodes.append(op)
        self._node_refs[ref] = op
        self._node_refs.setdefault(key, op)
        return True, f"{kind.value} {args.name!r} is ref {ref!r}"

    _create_person = _create_concept = _create_entity = _create

    def _update_node(self, args: UpdateNode) -> tuple[bool, str]:
        target = self._node(args.id)
        if target is None:
            return False, f"id: no node {args.id!r} for this user"
        if target in self._node_refs:
            op = self._node_refs[target]
            op.description = args.description if args.description is not None else op.description
            op.aliases = sorted(set(op.aliases) | set(args.aliases))
            op.attributes += _attributes(args.attributes)
            op.confidence = args.confidence if args.confidence is not None else op.confidence
            return True, f"ref {target!r} updated"
        known = self._known[target]
        self.plan.nodes.append(NodeOp(
            ref=target, kind=Kind(known.kind), name=known.name, canonical_name="",
            aliases=list(args.aliases), description=args.description or "",
            attributes=_attributes(args.attributes), confidence=args.confidence or 0.0,
            uid=target, set_description=args.description is not None,
            set_confidence=args.confidence is not None))
        return True, f"node {known.name!r} will be updated"

    def _add_note(self, args: AddNote) -> tuple[bool, str]:
        node = self._node(args.target_id)
        if node is not None:
            self.plan.notes.append(NoteOp(node, False, args.text, Lifetime(args.lifetime)))
            return True, f"note ({args.lifetime}) on {self.node_label(node)!r}"
        ref = self._ref(args.target_id)
        known = self._known.get(args.target_id)
        if ref in self._rel_refs or (known is not None and known.is_relationship):
            target = ref if ref in self._rel_refs else args.target_id
            self.plan.notes.append(NoteOp(target, True, args.text, Lifetime(args.lifetime)))
            return True, f"note ({args.lifetime}) on relationship {args.target_id!r}"
        return False, f"target_id: no node or relationship {args.target_id!r} for this user"

    def _relate(self, args: Relate) -> tuple[bool, str]:
        source, target = self._node(args.source_id), self._node(args.target_id)
        if source is None:
            return False, f"source_id: no node {args.source_id!r} for this user"
        if target is None:
            return False, f"target_id: no node {args.target_id!r} for this user"
        if source == target:
            return False, "source_id and target_id are the same node"
        if args.valid_from and args.valid_to and args.valid_to < args.valid_from:
            return False, "valid_to is before valid_from"
        ref = self._ref(args.ref) if args.ref else f"rel{len(self.plan.relationships) + 1}"
        op = RelOp(ref=ref, from_id=source, to_id=target, type=args.type,
                   description=args.description, attitude=args.attitude,
                   proximity=args.proximity, strength=args.strength,
                   confidence=args.confidence, valid_from=args.valid_from,
                   valid_to=args.valid_to, from_name=self.node_label(source),
                   to_name=self.node_label(target))
        self.plan.relationships.append(op)
        self._rel_refs[ref] = op
        return True, (f"{self.node_label(source)} -{args.type}-> {self.node_label(target)} "
                      f"is ref {ref!r}")

    def _link_source(self, args: LinkSource) -> tuple[bool, str]:
        resolved = [self._node(i) for i in args.ids]
        missing = [i for i, r in zip(args.ids, resolved, strict=True) if r is None]
        if missing:
            return False, f"ids: no node {', '.join(map(repr, missing))} for this user"
        self.plan.mentions.extend(r for r in resolved if r is not None)
        return True, f"source linked to {len(resolved)} node(s)"
