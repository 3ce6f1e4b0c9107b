// Internal (io): the GGUF header reader on a file already open, for the model config reader,
// which tells a GGUF file by its magic on the one open it makes (a check opens each file once:
// sources/readers.hpp).
#pragma once

#include <filesystem>

#include "kvdtype/io/model_config.hpp"
#include "kvdtype/result.hpp"
#include "sources/files/read_file.hpp"

namespace kvdtype::io::detail {

/// The header of the GGUF file `f`, whose 4-byte magic the caller has read and found to be
/// "GGUF" (`path` names it in errors), as read_gguf_config() reads it.
[[nodiscard]] Result<ModelConfig> read_gguf_header(RegularFile& f, const std::filesystem::path& path);

}  // namespace kvdtype::io::detail
