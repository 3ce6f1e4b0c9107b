#include "kvdtype/request.hpp"
