// kvdtype/kvdtype.hpp — the whole C++ API in one include.
//
//   auto req = kvdtype::make_request(input);          // strings → typed Request (or an Error)
//   kvdtype::Report rep = kvdtype::check(*req);       // Plan + Diagnostics, no allocation
//   kvdtype::Guard g(rep.plan);                       // before each kernel launch:
//   if (!g.ok(kvdtype::Role::kv_data_type, dtype)) …  //   a bit test
#pragma once

#include "kvdtype/backend.hpp"
#include "kvdtype/cache_dtype.hpp"
#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/convert.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/guard.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/release.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"
#include "kvdtype/rule.hpp"
#include "kvdtype/target.hpp"
#include "kvdtype/version.hpp"
