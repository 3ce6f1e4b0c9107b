// The faces' internal API: the one header under src/ that the CLI (tools/kvdtype), the webhook
// (tools/kvdtype-serve) and the Python module (python/) include. Everything else they use is a
// public header (include/kvdtype/). scripts/check_layers.py fails CI on any other src/ include
// from a face, so that what the faces lean on stays this short list and the rest of src/ can
// move freely.
#pragma once

#include "bindings/admission.hpp"          // AdmissionReview in, answer out (kvdtype-serve)
#include "bindings/embed.hpp"              // request building shared by the Python module
#include "common/json_text.hpp"            // dump_json: UTF-8-safe JSON output
#include "common/text.hpp"                 // nearest-name suggestions, joins, number parsing
#include "core/request_fields.hpp"         // the request-field table: flags, keywords, completion
#include "pipeline/matrix_cells.hpp"       // the support matrix's cells (kvdtype matrix)
#include "sources/files/read_file.hpp"     // the one safe file reader (configuration files)
#include "sources/k8s/manifest_tree.hpp"   // --manifest DIR walking (configuration discovery)
#include "sources/readers.hpp"           // the input kinds' rows: CLI flags, Python keywords, C numbers
