// Placeholder island: keeps the server-rendered first paint until this screen's island is built.
