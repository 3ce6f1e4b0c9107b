-- wrk script: POST the AdmissionReview in $BODY to /validate; with $CLOSE=1 every request asks
-- for its connection to be closed (a new TLS connection per review).
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
if os.getenv("CLOSE") == "1" then
  wrk.headers["Connection"] = "close"
end
