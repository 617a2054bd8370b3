-- mysql-perf-gate: a TPC-C-like workload for sysbench 1.0. Not an audited TPC-C: no terminals,
-- no keying or think times, no response-time limits, no checks of its ACID properties; what it
-- keeps from the TPC-C specification (revision 5.11) is the schema, the initial population, the
-- five transactions, their mix and their keying rules, so that a server's throughput on it can be
-- compared from one build to the next.
--
--   sysbench tpcc.lua --warehouses=2 prepare   creates the nine tables and fills them (one thread)
--   sysbench tpcc.lua --warehouses=2 run       the five transactions in the standard mix
--   sysbench tpcc.lua cleanup                  drops the nine tables
--
-- Scale: --warehouses. Each warehouse has 10 districts of 3,000 customers (one history row and
-- one order each), 100,000 stock rows and 30,000 orders of 5 to 15 lines; the last 900 orders of
-- every district are undelivered (new_orders). The item table has 100,000 rows whatever the scale.
--
-- The prepared rows are the same on every server and every prepare: they come from a generator of
-- this script's own with fixed seeds and a fixed load date, not from sysbench's (seeded from the
-- clock for prepare). The run's choices come from sysbench's generator (--rand-seed).
--
-- The run: every event is one transaction, dealt from a shuffled deck of 100 cards per thread
-- (45 New-Order, 43 Payment, 4 Order-Status, 4 Delivery, 4 Stock-Level), so the mix is the
-- standard one over every 100 transactions a thread completes. Each transaction picks its home
-- warehouse at random (the specification binds a terminal to one: with fewer threads than
-- warehouses that would leave warehouses idle). Keying: customers NURand(1023, 1, 3000), items
-- NURand(8191, 1, 100000), last names NURand(255, 0, 999) as three syllables; 60% of Payment and
-- Order-Status find the customer by last name (the middle one of the matches sorted by first
-- name); 15% of Payments are for a customer of another warehouse; each New-Order line is supplied
-- by another warehouse 1% of the time, and 1% of New-Orders end on an unused item id and roll
-- back. Rows read to be changed are read with SELECT ... FOR UPDATE.
--
-- Deadlocks and lock wait timeouts (sysbench's --mysql-ignore-errors, 1213,1020,1205 by default)
-- roll the transaction back and run the same type again with new inputs: sysbench counts them as
-- "ignored errors", and the type's retries below. The mix therefore counts completed transactions.
--
-- When the run ends, every thread prints one line with what it completed, per type (committed,
-- rolled back on purpose, retried after a deadlock or lock wait):
--   tpcc-mix thread=0 new_order=450/5/0 payment=430/0/1 order_status=40/0/0 delivery=40/0/0 stock_level=40/0/0
-- Committed plus rolled back, summed over types and threads, is sysbench's number of events.

local bit = require("bit")

sysbench.cmdline.options = {
   warehouses = {"Warehouses (the scale): 10 districts, 30,000 customers and 100,000 stock rows each", 1},
}

local ITEMS = 100000
local DISTRICTS = 10
local CUSTOMERS = 3000 -- per district
local ORDERS = 3000 -- per district
local FIRST_UNDELIVERED = 2101 -- orders 2101..3000 of every district are in new_orders
local UNUSED_ITEM = ITEMS + 1
local LOAD_DATE = "2026-01-01 00:00:00"

-- NURand's run-time constants (clause 2.1.6): C for last names differs between load and run by
-- 66, within the range the specification allows (65..119, not 96 or 112).
local C_LAST_LOAD = 157
local C_LAST_RUN = 223
local C_ID = 259
local C_ITEM = 7911

local SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"}

local TABLES = {"warehouse", "district", "customer", "history", "new_orders", "orders",
                "order_line", "item", "stock"}

local function last_name(n)
   return SYLLABLES[math.floor(n / 100) + 1] .. SYLLABLES[math.floor(n / 10) % 10 + 1] ..
      SYLLABLES[n % 10 + 1]
end

local function warehouses()
   local w = sysbench.opt.warehouses
   if w ~= math.floor(w) or w < 1 or w > 10000 then
      error("--warehouses must be a whole number from 1 to 10000, got " .. tostring(w))
   end
   return w
end

-- ---------------------------------------------------------------------------------------------
-- The load's generator: Park-Miller's minimal standard (48271), exact in doubles, one stream per
-- table and warehouse so that the rows do not depend on the order they are made in.
-- ---------------------------------------------------------------------------------------------

local Generator = {}
Generator.__index = Generator

local function generator(...)
   local seed = 20260101
   for _, part in ipairs({...}) do seed = (seed * 31 + part) % 2147483646 end
   local g = setmetatable({state = seed + 1}, Generator)
   for _ = 1, 3 do g:next() end
   return g
end

function Generator:next()
   self.state = (self.state * 48271) % 2147483647
   return self.state
end

function Generator:uniform(low, high)
   return low + self:next() % (high - low + 1)
end

function Generator:nurand(a, x, y, c)
   return (bit.bor(self:uniform(0, a), self:uniform(x, y)) + c) % (y - x + 1) + x
end

-- Random text: a slice of a fixed pool at a random offset, fast enough for millions of rows.
local POOL_SIZE = 65536
local LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
local letter_pool, digit_pool
do
   local g = generator(0)
   local letters, digits = {}, {}
   for i = 1, POOL_SIZE do
      local l = g:uniform(1, #LETTERS)
      letters[i] = LETTERS:sub(l, l)
      digits[i] = tostring(g:uniform(0, 9))
   end
   letter_pool = table.concat(letters)
   digit_pool = table.concat(digits)
end

function Generator:astring(low, high)
   local length = self:uniform(low, high)
   local at = self:uniform(1, POOL_SIZE - length + 1)
   return letter_pool:sub(at, at + length - 1)
end

function Generator:nstring(length)
   local at = self:uniform(1, POOL_SIZE - length + 1)
   return digit_pool:sub(at, at + length - 1)
end

-- i_data and s_data: 10% hold "ORIGINAL" at a random place (clause 4.3.3.1).
function Generator:data()
   local text = self:astring(26, 50)
   if self:uniform(1, 10) == 1 then
      local at = self:uniform(1, #text - 7)
      text = text:sub(1, at - 1) .. "ORIGINAL" .. text:sub(at + 8)
   end
   return text
end

function Generator:zip()
   return self:nstring(4) .. "11111"
end

function Generator:address()
   return string.format("'%s','%s','%s','%s','%s'", self:astring(10, 20), self:astring(10, 20),
                        self:astring(10, 20), self:astring(2, 2), self:zip())
end

-- ---------------------------------------------------------------------------------------------
-- Schema and load
-- ---------------------------------------------------------------------------------------------

local SCHEMA = {
   [[CREATE TABLE warehouse (
  w_id SMALLINT NOT NULL, w_name VARCHAR(10), w_street_1 VARCHAR(20), w_street_2 VARCHAR(20),
  w_city VARCHAR(20), w_state CHAR(2), w_zip CHAR(9), w_tax DECIMAL(4,4), w_ytd DECIMAL(12,2),
  PRIMARY KEY (w_id)) ENGINE=InnoDB]],
   [[CREATE TABLE district (
  d_id TINYINT NOT NULL, d_w_id SMALLINT NOT NULL, d_name VARCHAR(10), d_street_1 VARCHAR(20),
  d_street_2 VARCHAR(20), d_city VARCHAR(20), d_state CHAR(2), d_zip CHAR(9), d_tax DECIMAL(4,4),
  d_ytd DECIMAL(12,2), d_next_o_id INT, PRIMARY KEY (d_w_id, d_id)) ENGINE=InnoDB]],
   [[CREATE TABLE customer (
  c_id INT NOT NULL, c_d_id TINYINT NOT NULL, c_w_id SMALLINT NOT NULL, c_first VARCHAR(16),
  c_middle CHAR(2), c_last VARCHAR(16), c_street_1 VARCHAR(20), c_street_2 VARCHAR(20),
  c_city VARCHAR(20), c_state CHAR(2), c_zip CHAR(9), c_phone CHAR(16), c_since DATETIME,
  c_credit CHAR(2), c_credit_lim DECIMAL(12,2), c_discount DECIMAL(4,4), c_balance DECIMAL(12,2),
  c_ytd_payment DECIMAL(12,2), c_payment_cnt SMALLINT, c_delivery_cnt SMALLINT,
  c_data VARCHAR(500), PRIMARY KEY (c_w_id, c_d_id, c_id),
  KEY idx_customer (c_w_id, c_d_id, c_last, c_first)) ENGINE=InnoDB]],
   [[CREATE TABLE history (
  h_id BIGINT NOT NULL AUTO_INCREMENT, h_c_id INT, h_c_d_id TINYINT, h_c_w_id SMALLINT,
  h_d_id TINYINT, h_w_id SMALLINT, h_date DATETIME, h_amount DECIMAL(6,2), h_data VARCHAR(24),
  PRIMARY KEY (h_id)) ENGINE=InnoDB]],
   [[CREATE TABLE new_orders (
  no_o_id INT NOT NULL, no_d_id TINYINT NOT NULL, no_w_id SMALLINT NOT NULL,
  PRIMARY KEY (no_w_id, no_d_id, no_o_id)) ENGINE=InnoDB]],
   [[CREATE TABLE orders (
  o_id INT NOT NULL, o_d_id TINYINT NOT NULL, o_w_id SMALLINT NOT NULL, o_c_id INT,
  o_entry_d DATETIME, o_carrier_id TINYINT, o_ol_cnt TINYINT, o_all_local TINYINT,
  PRIMARY KEY (o_w_id, o_d_id, o_id), KEY idx_orders (o_w_id, o_d_id, o_c_id, o_id)) ENGINE=InnoDB]],
   [[CREATE TABLE order_line (
  ol_o_id INT NOT NULL, ol_d_id TINYINT NOT NULL, ol_w_id SMALLINT NOT NULL,
  ol_number TINYINT NOT NULL, ol_i_id INT, ol_supply_w_id SMALLINT, ol_delivery_d DATETIME,
  ol_quantity TINYINT, ol_amount DECIMAL(6,2), ol_dist_info CHAR(24),
  PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)) ENGINE=InnoDB]],
   [[CREATE TABLE item (
  i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24), i_price DECIMAL(5,2), i_data VARCHAR(50),
  PRIMARY KEY (i_id)) ENGINE=InnoDB]],
   [[CREATE TABLE stock (
  s_i_id INT NOT NULL, s_w_id SMALLINT NOT NULL, s_quantity SMALLINT,
  s_dist_01 CHAR(24), s_dist_02 CHAR(24), s_dist_03 CHAR(24), s_dist_04 CHAR(24),
  s_dist_05 CHAR(24), s_dist_06 CHAR(24), s_dist_07 CHAR(24), s_dist_08 CHAR(24),
  s_dist_09 CHAR(24), s_dist_10 CHAR(24), s_ytd DECIMAL(8,0), s_order_cnt SMALLINT,
  s_remote_cnt SMALLINT, s_data VARCHAR(50), PRIMARY KEY (s_w_id, s_i_id)) ENGINE=InnoDB]],
}

local function insert_rows(con, head, count, row)
   con:bulk_insert_init(head)
   for i = 1, count do con:bulk_insert_next(row(i)) end
   con:bulk_insert_done()
end

local function load_items(con)
   local g = generator(1)
   insert_rows(con, "INSERT INTO item (i_id, i_im_id, i_name, i_price, i_data) VALUES", ITEMS,
               function(i)
                  return string.format("(%d,%d,'%s',%.2f,'%s')", i, g:uniform(1, 10000),
                                       g:astring(14, 24), g:uniform(100, 10000) / 100, g:data())
               end)
end

local function load_warehouse(con, w)
   local g = generator(2, w)
   con:query(string.format("INSERT INTO warehouse VALUES (%d,'%s',%s,%.4f,300000.00)", w,
                           g:astring(6, 10), g:address(), g:uniform(0, 2000) / 10000))
   insert_rows(con, "INSERT INTO stock VALUES", ITEMS, function(i)
      local dists = {}
      for d = 1, DISTRICTS do dists[d] = g:astring(24, 24) end
      return string.format("(%d,%d,%d,'%s',0,0,0,'%s')", i, w, g:uniform(10, 100),
                           table.concat(dists, "','"), g:data())
   end)
   insert_rows(con, "INSERT INTO district VALUES", DISTRICTS, function(d)
      return string.format("(%d,%d,'%s',%s,%.4f,30000.00,%d)", d, w, g:astring(6, 10),
                           g:address(), g:uniform(0, 2000) / 10000, ORDERS + 1)
   end)
end

local function load_customers(con, w, d)
   local g = generator(3, w, d)
   insert_rows(con, "INSERT INTO customer VALUES", CUSTOMERS, function(c)
      local last = c <= 1000 and c - 1 or g:nurand(255, 0, 999, C_LAST_LOAD)
      return string.format(
         "(%d,%d,%d,'%s','OE','%s',%s,'%s','%s','%s',50000.00,%.4f,-10.00,10.00,1,0,'%s')",
         c, d, w, g:astring(8, 16), last_name(last), g:address(), g:nstring(16), LOAD_DATE,
         g:uniform(1, 10) == 1 and "BC" or "GC", g:uniform(0, 5000) / 10000, g:astring(300, 500))
   end)
   insert_rows(con, "INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, " ..
                  "h_amount, h_data) VALUES", CUSTOMERS, function(c)
      return string.format("(%d,%d,%d,%d,%d,'%s',10.00,'%s')", c, d, w, d, w, LOAD_DATE,
                           g:astring(12, 24))
   end)
end

local function load_orders(con, w, d)
   local g = generator(4, w, d)
   local customers = {}
   for i = 1, ORDERS do customers[i] = i end
   for i = ORDERS, 2, -1 do
      local j = g:uniform(1, i)
      customers[i], customers[j] = customers[j], customers[i]
   end
   local lines = {}
   insert_rows(con, "INSERT INTO orders VALUES", ORDERS, function(o)
      lines[o] = g:uniform(5, 15)
      local carrier = o < FIRST_UNDELIVERED and tostring(g:uniform(1, 10)) or "NULL"
      return string.format("(%d,%d,%d,%d,'%s',%s,%d,1)", o, d, w, customers[o], LOAD_DATE,
                           carrier, lines[o])
   end)
   con:bulk_insert_init("INSERT INTO order_line VALUES")
   for o = 1, ORDERS do
      local delivered = o < FIRST_UNDELIVERED
      for n = 1, lines[o] do
         con:bulk_insert_next(string.format(
            "(%d,%d,%d,%d,%d,%d,%s,5,%.2f,'%s')", o, d, w, n, g:uniform(1, ITEMS), w,
            delivered and "'" .. LOAD_DATE .. "'" or "NULL",
            delivered and 0 or g:uniform(1, 999999) / 100, g:astring(24, 24)))
      end
   end
   con:bulk_insert_done()
   insert_rows(con, "INSERT INTO new_orders VALUES", ORDERS - FIRST_UNDELIVERED + 1, function(i)
      return string.format("(%d,%d,%d)", FIRST_UNDELIVERED + i - 1, d, w)
   end)
end

function prepare()
   local W = warehouses()
   local con = sysbench.sql.driver():connect()
   con:query("SET SESSION unique_checks = 0")
   for _, ddl in ipairs(SCHEMA) do con:query(ddl) end
   print(string.format("Loading a TPC-C-like data set of %d warehouse(s)...", W))
   load_items(con)
   for w = 1, W do
      load_warehouse(con, w)
      for d = 1, DISTRICTS do
         load_customers(con, w, d)
         load_orders(con, w, d)
      end
   end
   con:query("SET SESSION unique_checks = 1")
   con:disconnect()
end

function cleanup()
   local con = sysbench.sql.driver():connect()
   for _, name in ipairs(TABLES) do con:query("DROP TABLE IF EXISTS " .. name) end
   con:disconnect()
end

-- ---------------------------------------------------------------------------------------------
-- The run
-- ---------------------------------------------------------------------------------------------

local TYPES = {"new_order", "payment", "order_status", "delivery", "stock_level"}
local DECK = {new_order = 45, payment = 43, order_status = 4, delivery = 4, stock_level = 4}

local con, W
local deck, dealt, pending
local counts

local function uniform(low, high) return sysbench.rand.uniform(low, high) end

local function nurand(a, x, y, c)
   return (bit.bor(uniform(0, a), uniform(x, y)) + c) % (y - x + 1) + x
end

local function other_warehouse(w)
   local other = uniform(1, W - 1)
   return other >= w and other + 1 or other
end

local function shuffle()
   for i = #deck, 2, -1 do
      local j = uniform(1, i)
      deck[i], deck[j] = deck[j], deck[i]
   end
   dealt = 0
end

local function draw()
   if dealt == #deck then shuffle() end
   dealt = dealt + 1
   return deck[dealt]
end

local function row(query, ...)
   return con:query_row(string.format(query, ...))
end

-- The first column of the first row as a number; nil without a row.
local function scalar(query, ...)
   return tonumber((row(query, ...)))
end

local function exec(query, ...)
   con:query(string.format(query, ...))
end

-- The customer of a Payment or Order-Status: by last name 60% of the time, the middle one
-- (rounded up) of those with that name sorted by first name (clause 2.5.2.2), else by id.
local function customer_id(w, d)
   if uniform(1, 100) > 60 then return nurand(1023, 1, CUSTOMERS, C_ID) end
   local last = last_name(nurand(255, 0, 999, C_LAST_RUN))
   local rs = con:query(string.format(
      "SELECT c_id FROM customer WHERE c_w_id = %d AND c_d_id = %d AND c_last = '%s' ORDER BY c_first",
      w, d, last))
   local matches = rs.nrows
   if matches == 0 then error("no customer named " .. last .. " in district " .. d .. " of warehouse " .. w) end
   local found
   for _ = 1, math.ceil(matches / 2) do found = rs:fetch_row()[1] end
   return tonumber(found)
end

local function new_order()
   local w, d = uniform(1, W), uniform(1, DISTRICTS)
   local c = nurand(1023, 1, CUSTOMERS, C_ID)
   local count = uniform(5, 15)
   local rollback = uniform(1, 100) == 1
   local lines, all_local = {}, 1
   for i = 1, count do
      local supply = w
      if W > 1 and uniform(1, 100) == 1 then
         supply = other_warehouse(w)
         all_local = 0
      end
      lines[i] = {item = nurand(8191, 1, ITEMS, C_ITEM), supply = supply, quantity = uniform(1, 10)}
   end
   -- Stock rows locked in one order: fewer deadlocks between New-Orders on the same warehouse.
   table.sort(lines, function(a, b)
      return a.supply < b.supply or (a.supply == b.supply and a.item < b.item)
   end)
   if rollback then lines[count].item = UNUSED_ITEM end

   exec("BEGIN")
   row("SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d",
       w, d, c)
   row("SELECT w_tax FROM warehouse WHERE w_id = %d", w)
   local next_id = scalar("SELECT d_next_o_id, d_tax FROM district WHERE d_w_id = %d AND d_id = %d FOR UPDATE",
                          w, d)
   exec("UPDATE district SET d_next_o_id = %d WHERE d_w_id = %d AND d_id = %d", next_id + 1, w, d)
   exec("INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) " ..
        "VALUES (%d, %d, %d, %d, NOW(), NULL, %d, %d)", next_id, d, w, c, count, all_local)
   exec("INSERT INTO new_orders (no_o_id, no_d_id, no_w_id) VALUES (%d, %d, %d)", next_id, d, w)
   for number, line in ipairs(lines) do
      local price = row("SELECT i_price, i_name, i_data FROM item WHERE i_id = %d", line.item)
      if price == nil then
         -- The unused item id of clause 2.4.2.3: the whole order is rolled back.
         exec("ROLLBACK")
         return "rolled_back"
      end
      local quantity, _, dist = row("SELECT s_quantity, s_data, s_dist_%02d FROM stock " ..
                                    "WHERE s_i_id = %d AND s_w_id = %d FOR UPDATE",
                                    d, line.item, line.supply)
      quantity = tonumber(quantity)
      local left = quantity - line.quantity
      if left < 10 then left = left + 91 end
      exec("UPDATE stock SET s_quantity = %d, s_ytd = s_ytd + %d, s_order_cnt = s_order_cnt + 1, " ..
           "s_remote_cnt = s_remote_cnt + %d WHERE s_i_id = %d AND s_w_id = %d",
           left, line.quantity, line.supply == w and 0 or 1, line.item, line.supply)
      exec("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, " ..
           "ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (%d, %d, %d, %d, %d, %d, NULL, %d, %.2f, '%s')",
           next_id, d, w, number, line.item, line.supply, line.quantity, line.quantity * tonumber(price), dist)
   end
   exec("COMMIT")
   return "committed"
end

local function payment()
   local w, d = uniform(1, W), uniform(1, DISTRICTS)
   local cw, cd = w, d
   if W > 1 and uniform(1, 100) <= 15 then
      cw, cd = other_warehouse(w), uniform(1, DISTRICTS)
   end
   local amount = uniform(100, 500000) / 100
   exec("BEGIN")
   exec("UPDATE warehouse SET w_ytd = w_ytd + %.2f WHERE w_id = %d", amount, w)
   local w_name = row("SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = %d", w)
   exec("UPDATE district SET d_ytd = d_ytd + %.2f WHERE d_w_id = %d AND d_id = %d", amount, w, d)
   local d_name = row("SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district " ..
                      "WHERE d_w_id = %d AND d_id = %d", w, d)
   local c = customer_id(cw, cd)
   local credit = select(11, row("SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, " ..
                                 "c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance " ..
                                 "FROM customer WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d FOR UPDATE",
                                 cw, cd, c))
   if credit == "BC" then
      exec("UPDATE customer SET c_balance = c_balance - %.2f, c_ytd_payment = c_ytd_payment + %.2f, " ..
           "c_payment_cnt = c_payment_cnt + 1, c_data = SUBSTRING(CONCAT('%d %d %d %d %d %.2f ', c_data), 1, 500) " ..
           "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d",
           amount, amount, c, cd, cw, d, w, amount, cw, cd, c)
   else
      exec("UPDATE customer SET c_balance = c_balance - %.2f, c_ytd_payment = c_ytd_payment + %.2f, " ..
           "c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d",
           amount, amount, cw, cd, c)
   end
   exec("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) " ..
        "VALUES (%d, %d, %d, %d, %d, NOW(), %.2f, '%s    %s')", c, cd, cw, d, w, amount, w_name, d_name)
   exec("COMMIT")
   return "committed"
end

local function order_status()
   local w, d = uniform(1, W), uniform(1, DISTRICTS)
   exec("BEGIN")
   local c = customer_id(w, d)
   row("SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d",
       w, d, c)
   local o = row("SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = %d AND o_d_id = %d " ..
                 "AND o_c_id = %d ORDER BY o_id DESC LIMIT 1", w, d, c)
   if o ~= nil then
      exec("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line " ..
           "WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id = %d", w, d, tonumber(o))
   end
   exec("COMMIT")
   return "committed"
end

-- All ten districts in one transaction (clause 2.7.4.2 allows it); a district without an
-- undelivered order is skipped.
local function delivery()
   local w = uniform(1, W)
   local carrier = uniform(1, 10)
   exec("BEGIN")
   for d = 1, DISTRICTS do
      local o = row("SELECT no_o_id FROM new_orders WHERE no_w_id = %d AND no_d_id = %d " ..
                    "ORDER BY no_o_id LIMIT 1 FOR UPDATE", w, d)
      if o ~= nil then
         o = tonumber(o)
         exec("DELETE FROM new_orders WHERE no_w_id = %d AND no_d_id = %d AND no_o_id = %d", w, d, o)
         local c = scalar("SELECT o_c_id FROM orders WHERE o_w_id = %d AND o_d_id = %d AND o_id = %d FOR UPDATE",
                          w, d, o)
         exec("UPDATE orders SET o_carrier_id = %d WHERE o_w_id = %d AND o_d_id = %d AND o_id = %d",
              carrier, w, d, o)
         exec("UPDATE order_line SET ol_delivery_d = NOW() WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id = %d",
              w, d, o)
         local total = row("SELECT SUM(ol_amount) FROM order_line WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id = %d",
                           w, d, o)
         exec("UPDATE customer SET c_balance = c_balance + %s, c_delivery_cnt = c_delivery_cnt + 1 " ..
              "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d", total or "0", w, d, c)
      end
   end
   exec("COMMIT")
   return "committed"
end

local function stock_level()
   local w, d = uniform(1, W), uniform(1, DISTRICTS)
   local threshold = uniform(10, 20)
   exec("BEGIN")
   local next_id = scalar("SELECT d_next_o_id FROM district WHERE d_w_id = %d AND d_id = %d", w, d)
   row("SELECT COUNT(DISTINCT s_i_id) FROM order_line JOIN stock ON s_w_id = ol_w_id AND s_i_id = ol_i_id " ..
       "WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id < %d AND ol_o_id >= %d AND s_quantity < %d",
       w, d, next_id, next_id - 20, threshold)
   exec("COMMIT")
   return "committed"
end

local RUN = {new_order = new_order, payment = payment, order_status = order_status,
             delivery = delivery, stock_level = stock_level}

function thread_init()
   W = warehouses()
   con = sysbench.sql.driver():connect()
   local found = tonumber((con:query_row("SELECT COUNT(*) FROM warehouse")))
   if found ~= W then
      error(string.format("the tpcc tables hold %d warehouse(s), not the %d of --warehouses: prepare them with --warehouses=%d",
                          found, W, W))
   end
   deck = {}
   for _, name in ipairs(TYPES) do
      for _ = 1, DECK[name] do deck[#deck + 1] = name end
   end
   shuffle()
   counts = {}
   for _, name in ipairs(TYPES) do counts[name] = {committed = 0, rolled_back = 0, retried = 0} end
end

function event()
   -- A transaction restarted after a deadlock or lock wait runs the same type again.
   local kind = pending or draw()
   pending = kind
   local outcome = RUN[kind]()
   pending = nil
   counts[kind][outcome] = counts[kind][outcome] + 1
end

function sysbench.hooks.before_restart_event(errdesc)
   -- A lock wait timeout rolls back the statement only: end the whole transaction.
   con:query("ROLLBACK")
   if pending ~= nil then counts[pending].retried = counts[pending].retried + 1 end
end

function thread_done(thread_id)
   if sysbench.cmdline.command == "run" and counts ~= nil then
      local parts = {string.format("tpcc-mix thread=%d", thread_id)}
      for _, name in ipairs(TYPES) do
         local c = counts[name]
         parts[#parts + 1] = string.format("%s=%d/%d/%d", name, c.committed, c.rolled_back, c.retried)
      end
      -- One write per line: the threads finish at the same time.
      io.write(table.concat(parts, " ") .. "\n")
   end
   if con ~= nil then con:disconnect() end
end
