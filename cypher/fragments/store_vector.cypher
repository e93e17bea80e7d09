// Store {{element}}'s vector `{{key}}` as 32-bit floats, the precision the embedders work in.
// A list SET from a parameter is stored as 64-bit floats: twice the bytes, and explore()
// reads a vector for each candidate it scores exactly (docs/retrieval.md, "Vectors in 32
// bits"). Placed after the SET that wrote the vector; an element without one is left alone.
WITH *
CALL ({{element}}) {
  WITH {{element}} WHERE {{element}}.{{key}} IS NOT NULL
  CALL db.create.set{{type}}VectorProperty({{element}}, '{{key}}', {{element}}.{{key}})
}
