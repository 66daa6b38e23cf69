-- A store written by the first release (schema without user_version), game QRTA:
-- 40 actions, the last undone. Made with that release's companion/store.py.
BEGIN TRANSACTION;
CREATE TABLE actions (
    game INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,           -- position in the log, from 0
    action TEXT NOT NULL,         -- JSON
    seat INTEGER,                 -- who entered it (NULL: host, panel or camera)
    source TEXT NOT NULL,         -- phone, panel, camera, host, demo
    at REAL NOT NULL,
    undone REAL,                  -- when the host undid it; the log keeps it
    PRIMARY KEY (game, n)
);
INSERT INTO "actions" VALUES(1,0,'{"type": "plant", "player": 0, "field": 0, "bean": "green"}',NULL,'demo',1.7954954664471607208e+09,NULL);
INSERT INTO "actions" VALUES(1,1,'{"type": "plant", "player": 0, "field": 2, "bean": "stink"}',NULL,'demo',1.79549546644764041903e+09,NULL);
INSERT INTO "actions" VALUES(1,2,'{"type": "harvest", "player": 0, "field": 0}',NULL,'demo',1.7954954664481229782e+09,NULL);
INSERT INTO "actions" VALUES(1,3,'{"type": "harvest", "player": 0, "field": 2}',NULL,'demo',1.79549546644865417482e+09,NULL);
INSERT INTO "actions" VALUES(1,4,'{"type": "draw-face-up", "player": 0, "beans": ["red", "blue"]}',NULL,'demo',1.79549546644905138022e+09,NULL);
INSERT INTO "actions" VALUES(1,5,'{"type": "trade", "player": 0, "partner": 1, "face_up": [1], "give": [], "receive": [], "give_beans": null, "receive_beans": null}',NULL,'demo',1.79549546644956398017e+09,NULL);
INSERT INTO "actions" VALUES(1,6,'{"type": "end-trading", "player": 0}',NULL,'demo',1.79549546645018148422e+09,NULL);
INSERT INTO "actions" VALUES(1,7,'{"type": "plant-traded", "player": 1, "index": 0, "field": 0}',NULL,'demo',1.79549546645060443877e+09,NULL);
INSERT INTO "actions" VALUES(1,8,'{"type": "plant-traded", "player": 0, "index": 0, "field": 2}',NULL,'demo',1.79549546645100212101e+09,NULL);
INSERT INTO "actions" VALUES(1,9,'{"type": "harvest", "player": 1, "field": 0}',NULL,'demo',1.79549546645134186747e+09,NULL);
INSERT INTO "actions" VALUES(1,10,'{"type": "end-turn", "player": 0}',NULL,'demo',1.79549546645170068738e+09,NULL);
INSERT INTO "actions" VALUES(1,11,'{"type": "plant", "player": 1, "field": 1, "bean": "coffee"}',NULL,'demo',1.79549546645219326021e+09,NULL);
INSERT INTO "actions" VALUES(1,12,'{"type": "harvest", "player": 1, "field": 1}',NULL,'demo',1.79549546645265865321e+09,NULL);
INSERT INTO "actions" VALUES(1,13,'{"type": "draw-face-up", "player": 1, "beans": ["green", "stink"]}',NULL,'demo',1.79549546645309233668e+09,NULL);
INSERT INTO "actions" VALUES(1,14,'{"type": "trade", "player": 1, "partner": 2, "face_up": [], "give": [0], "receive": [0], "give_beans": ["coffee"], "receive_beans": ["blue"]}',NULL,'demo',1.7954954664535953999e+09,NULL);
INSERT INTO "actions" VALUES(1,15,'{"type": "end-trading", "player": 1}',NULL,'demo',1.79549546645416116712e+09,NULL);
INSERT INTO "actions" VALUES(1,16,'{"type": "plant-traded", "player": 1, "index": 2, "field": 1}',NULL,'demo',1.79549546645454764369e+09,NULL);
INSERT INTO "actions" VALUES(1,17,'{"type": "plant-traded", "player": 2, "index": 0, "field": 2}',NULL,'demo',1.79549546645490694049e+09,NULL);
INSERT INTO "actions" VALUES(1,18,'{"type": "harvest", "player": 1, "field": 1}',NULL,'demo',1.79549546645525908471e+09,NULL);
INSERT INTO "actions" VALUES(1,19,'{"type": "plant-traded", "player": 1, "index": 0, "field": 2}',NULL,'demo',1.79549546645560216908e+09,NULL);
INSERT INTO "actions" VALUES(1,20,'{"type": "plant-traded", "player": 1, "index": 0, "field": 1}',NULL,'demo',1.79549546645598626136e+09,NULL);
INSERT INTO "actions" VALUES(1,21,'{"type": "harvest", "player": 0, "field": 2}',NULL,'demo',1.79549546645632767671e+09,NULL);
INSERT INTO "actions" VALUES(1,22,'{"type": "harvest", "player": 2, "field": 2}',NULL,'demo',1.79549546645666813857e+09,NULL);
INSERT INTO "actions" VALUES(1,23,'{"type": "harvest", "player": 1, "field": 2}',NULL,'demo',1.79549546645696163175e+09,NULL);
INSERT INTO "actions" VALUES(1,24,'{"type": "end-turn", "player": 1}',NULL,'demo',1.79549546645728731156e+09,NULL);
INSERT INTO "actions" VALUES(1,25,'{"type": "plant", "player": 2, "field": 0, "bean": "chili"}',NULL,'demo',1.79549546645760369303e+09,NULL);
INSERT INTO "actions" VALUES(1,26,'{"type": "plant", "player": 2, "field": 2, "bean": "stink"}',NULL,'demo',1.79549546645793414115e+09,NULL);
INSERT INTO "actions" VALUES(1,27,'{"type": "draw-face-up", "player": 2, "beans": ["soy", "wax"]}',NULL,'demo',1.79549546645825290678e+09,NULL);
INSERT INTO "actions" VALUES(1,28,'{"type": "trade", "player": 2, "partner": 1, "face_up": [], "give": [], "receive": [0], "give_beans": null, "receive_beans": ["stink"]}',NULL,'demo',1.79549546645867753036e+09,NULL);
INSERT INTO "actions" VALUES(1,29,'{"type": "trade", "player": 2, "partner": 0, "face_up": [], "give": [1], "receive": [], "give_beans": ["wax"], "receive_beans": null}',NULL,'demo',1.7954954664591097832e+09,NULL);
INSERT INTO "actions" VALUES(1,30,'{"type": "harvest", "player": 2, "field": 0}',NULL,'demo',1.79549546645950722691e+09,NULL);
INSERT INTO "actions" VALUES(1,31,'{"type": "trade", "player": 2, "partner": 0, "face_up": [1], "give": [], "receive": [2], "give_beans": null, "receive_beans": ["garden"]}',NULL,'demo',1.79549546645994114878e+09,NULL);
INSERT INTO "actions" VALUES(1,32,'{"type": "trade", "player": 2, "partner": 1, "face_up": [], "give": [0], "receive": [1], "give_beans": ["stink"], "receive_beans": ["green"]}',NULL,'demo',1.79549546646029829985e+09,NULL);
INSERT INTO "actions" VALUES(1,33,'{"type": "trade", "player": 2, "partner": 1, "face_up": [0], "give": [], "receive": [3], "give_beans": null, "receive_beans": ["chili"]}',NULL,'demo',1.79549546646066832547e+09,NULL);
INSERT INTO "actions" VALUES(1,34,'{"type": "trade", "player": 2, "partner": 1, "face_up": [], "give": [], "receive": [1], "give_beans": null, "receive_beans": ["wax"]}',NULL,'demo',1.79549546646100282665e+09,NULL);
INSERT INTO "actions" VALUES(1,35,'{"type": "trade", "player": 2, "partner": 1, "face_up": [], "give": [], "receive": [1], "give_beans": null, "receive_beans": ["green"]}',NULL,'demo',1.79549546646137690546e+09,NULL);
INSERT INTO "actions" VALUES(1,36,'{"type": "end-trading", "player": 2}',NULL,'demo',1.79549546646172356609e+09,NULL);
INSERT INTO "actions" VALUES(1,37,'{"type": "harvest", "player": 1, "field": 1}',NULL,'demo',1.79549546646206593511e+09,NULL);
INSERT INTO "actions" VALUES(1,38,'{"type": "harvest", "player": 2, "field": 2}',NULL,'demo',1.79549546646242117885e+09,NULL);
INSERT INTO "actions" VALUES(1,39,'{"type": "plant-traded", "player": 2, "index": 2, "field": 0}',NULL,'demo',1.79549546646276307103e+09,1.79549546646313595765e+09);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL REFERENCES tables(code),
    started REAL NOT NULL
);
INSERT INTO "games" VALUES(1,'QRTA',1.79549546644658279421e+09);
CREATE TABLE seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL,
    PRIMARY KEY (code, seat)
);
INSERT INTO "seats" VALUES('QRTA',0,'Anna','tok-anna-0123456789abcdef',1.79549546644589138027e+09);
INSERT INTO "seats" VALUES('QRTA',1,'Bob','tok-bob-0123456789abcdef0',1.79549546644627714157e+09);
CREATE TABLE tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    setup TEXT NOT NULL,          -- JSON: the engine's new_game arguments
    opened REAL NOT NULL,
    closed REAL                   -- set when the host ends the table
);
INSERT INTO "tables" VALUES('QRTA','bohnanza',3,'{"players": 3, "knowledge": "known", "seed": 7}',1.79549546644553184504e+09,NULL);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',1);
COMMIT;
