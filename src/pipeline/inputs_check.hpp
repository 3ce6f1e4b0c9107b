// Internal: findings about the inputs the pipeline reads (launch-command values, variables,
// model ids, capacity at start-up), written as InputDiagnostic rows beside the Report.
#pragma once

#include "kvdtype/io/installed_source.hpp"
#include <cstdint>
#include <string>
#include <vector>

#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/render.hpp"

namespace kvdtype::io {

/// Launch-command values still holding `$` (a variable nothing set): cleared, KVD152 each.
void unresolved_values(LaunchCommand& launch, ReportExtras& extras);

/// A model nothing knows (not a local path, not in the HF cache, not in the catalogue): KVD153.
void unknown_model(const std::string& model, bool runs_elsewhere, ReportExtras& extras);

/// Values that came from the launch command (and its config file) and were not overridden by an
/// explicit field, validated one by one: an unknown kv-cache string is KVD001, one spelled with
/// the wrong case KVD103 (fired by the check from the spelling flag), any other bad value KVD151. Bad values are
/// cleared from `merged` so that the rest is still checked.
void launch_values(const LaunchCommand& launch, const RequestInput& explicit_fields, RequestInput& merged,
                   ReportExtras& extras);

/// The installed engine's own source judged the kv-cache string (--engine-version auto with a
/// release newer than the tables): a string it lacks is KVD001 (the engine refuses it at
/// start-up), one only it has is KVD080 as a warning (its formats are unknown, so the checks that
/// need them did not run); the notes name the installed file:line.
void installed_judgement(const InstalledJudgement& judged, ReportExtras& extras);

/// `--gpu auto` found no device: the GPU note (KVD080) becomes a warning that says so.
void gpu_auto_found_nothing(Report& report, ReportExtras& extras);

/// Start-up refusals the engine makes from sizes alone: tensor parallelism that does not divide
/// the attention heads (KVD154) and a context whose KV cache does not fit (KVD155): --max-model-len,
/// else `model_max_context` (the model's own, which vLLM serves without the flag); the fix names
/// the smallest changes that fit, each computed.
/// `weights_split_known` is false when the launch command changes the per-GPU weight size in a way
/// the request does not carry (pipeline parallelism, expert parallelism, online quantization,
/// CPU offload, an explicit KV budget): the memory check (KVD155) is then skipped.
void capacity_checks(const Report& report, ReportExtras& extras, std::uint32_t sliding_window, bool hybrid,
                     bool weights_split_known = true, std::uint64_t model_max_context = 0);

/// Whether the words of a launch command leave the per-GPU weight size as weights / TP (see
/// capacity_checks).
[[nodiscard]] bool weights_split_known(const std::vector<std::string>& argv, const LaunchCommand& launch);

/// The model dtype is unknown and it decides: checking the same request with a bfloat16 or a
/// float16 model gives an error or a warning this one does not have (TurboQuant's software fp8 on A100 takes
/// only fp16/fp32, KVD042). Then the result is incomplete (KVD080 naming the rules), not ok.
void unknown_model_dtype(const Report& report, ReportExtras& extras);

/// Drop input diagnostics of ignored rule codes.
void drop_ignored_inputs(ReportExtras& extras, const std::vector<std::string>& ignore);

}  // namespace kvdtype::io
