-- A hostile sysbench script: it tries what hostile.sh tries (through it), then runs a trivial
-- read-only event, so that the run itself works.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)")

function prepare()
  os.execute("sh " .. here .. "hostile.sh script")
  local con = sysbench.sql.driver():connect()
  con:query("CREATE TABLE IF NOT EXISTS hostile (id INT PRIMARY KEY)")
  con:query("INSERT IGNORE INTO hostile VALUES (1)")
end

function cleanup()
  local con = sysbench.sql.driver():connect()
  con:query("DROP TABLE IF EXISTS hostile")
end

function thread_init()
  con = sysbench.sql.driver():connect()
end

function event()
  con:query("SELECT id FROM hostile WHERE id = 1")
end
