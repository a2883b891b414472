// loader: puts the input the page names (?url=, a dropped or chosen file)
// into the in-memory file system (memfs.js) and starts the viewer on it with
// the flags the page's address gives (docs/web.md). A file dropped or chosen
// while the viewer runs is kept in the browser's IndexedDB and the page
// starts again on it.
"use strict";
(() => {
	const q = new URLSearchParams(location.search);
	const statusEl = document.getElementById("status");
	const say = (msg, bad) => { statusEl.textContent = msg; statusEl.className = bad ? "bad" : ""; if (bad) console.error("glidepath: " + msg); };
	// The page's flags, passed to the viewer as its command line's.
	const flagParams = ["tick", "camera", "reading", "select", "layout"];
	const boolParams = ["paused", "tour"];
	let running = false;
	const mark = (name) => { if (self.performance && performance.mark) performance.mark("glidepath:" + name); };

	// The viewer is fetched and compiled as soon as the page loads, while
	// the input is fetched or chosen: compileStreaming compiles it as it
	// downloads when the server says application/wasm (docs/web.md
	// "Hosting"); a server that does not is named on the console, and the
	// viewer is compiled once it has downloaded.
	const compiled = (async () => {
		const resp = fetch("viewer.wasm");
		if (WebAssembly.compileStreaming) {
			const r = await resp;
			if (!r.ok) throw new Error("fetching viewer.wasm: HTTP " + r.status);
			const type = r.headers.get("Content-Type") || "";
			if (type.split(";")[0].trim() === "application/wasm") {
				const m = await WebAssembly.compileStreaming(r);
				mark("compiled");
				return m;
			}
			console.warn("glidepath: the server sent viewer.wasm as " + JSON.stringify(type) + ", not application/wasm: it is compiled after it has downloaded, not while (docs/web.md \"Hosting\")");
			const m = await WebAssembly.compile(await r.arrayBuffer());
			mark("compiled");
			return m;
		}
		const r = await resp;
		if (!r.ok) throw new Error("fetching viewer.wasm: HTTP " + r.status);
		const m = await WebAssembly.compile(await r.arrayBuffer());
		mark("compiled");
		return m;
	})();
	compiled.catch(() => {}); // reported when the viewer starts

	const db = () => new Promise((ok, bad) => {
		const r = indexedDB.open("glidepath", 1);
		r.onupgradeneeded = () => r.result.createObjectStore("pending");
		r.onsuccess = () => ok(r.result);
		r.onerror = () => bad(r.error);
	});
	const stash = async (name, bytes) => {
		const d = await db();
		await new Promise((ok, bad) => { const t = d.transaction("pending", "readwrite"); t.objectStore("pending").put({ name, bytes }, "input"); t.oncomplete = ok; t.onerror = () => bad(t.error); });
	};
	const unstash = async () => {
		const d = await db();
		return new Promise((ok, bad) => {
			const t = d.transaction("pending", "readwrite"), s = t.objectStore("pending");
			const r = s.get("input");
			r.onsuccess = () => { s.delete("input"); ok(r.result); };
			r.onerror = () => bad(r.error);
		});
	};

	const baseName = (s) => {
		const b = decodeURIComponent(String(s).split(/[?#]/)[0].split("/").pop() || "input");
		return b.replace(/[^A-Za-z0-9._-]/g, "_") || "input";
	};

	const start = async (name, bytes) => {
		const args = ["viewer"];
		for (const p of flagParams) if (q.has(p)) args.push("-" + p, q.get(p));
		for (const p of boolParams) if (q.has(p) && q.get(p) !== "0") args.push("-" + p);
		if (name) {
			const path = "/input/" + name;
			glidepathFS.putFile(path, bytes);
			args.push(path);
		}
		glidepathFS.mkdirs("/home/web");
		glidepathFS.mkdirs("/tmp");
		document.getElementById("start").remove();
		running = true;
		const go = new Go();
		go.argv = args;
		go.env = { HOME: "/home/web", TMPDIR: "/tmp", GLIDEPATH_WEB: "1" };
		go.exit = (code) => {
			if (code === 0) return;
			console.error("glidepath: the viewer exited with status " + code + " (its message is above)");
			// On the page too, over the viewer's canvas: an input the
			// viewer cannot take is named where its visitor looks.
			const box = document.createElement("p");
			box.id = "status";
			box.className = "bad exited";
			box.textContent = (glidepathFS.lastErrors() || "the viewer stopped") + "\n(exit status " + code + ")";
			document.body.appendChild(box);
		};
		const instance = await WebAssembly.instantiate(await compiled, go.importObject);
		mark("instantiated");
		mark("run");
		await go.run(instance);
	};

	const openFile = async (file) => {
		const bytes = new Uint8Array(await file.arrayBuffer());
		if (running) {
			await stash(baseName(file.name), bytes);
			// The page starts again on it, with the address's flags
			// (paused, camera, …) but not its input.
			const again = new URLSearchParams(location.search);
			for (const k of ["url", "builtin", "pending"]) again.delete(k);
			again.set("pending", "1");
			location.replace(location.pathname + "?" + again.toString());
			return;
		}
		await start(baseName(file.name), bytes);
	};

	// A drop anywhere on the page, before the viewer's canvas sees it.
	window.addEventListener("dragover", (e) => { e.preventDefault(); e.stopPropagation(); const s = document.getElementById("start"); if (s) s.classList.add("drag"); }, true);
	window.addEventListener("dragleave", () => { const s = document.getElementById("start"); if (s) s.classList.remove("drag"); }, true);
	window.addEventListener("drop", (e) => {
		e.preventDefault(); e.stopPropagation();
		const f = e.dataTransfer && e.dataTransfer.files[0];
		if (!f) return;
		openFile(f).catch((err) => say("cannot open " + f.name + ": " + err, true));
	}, true);
	document.getElementById("pick").addEventListener("change", (e) => {
		const f = e.target.files[0];
		if (f) openFile(f).catch((err) => say("cannot open " + f.name + ": " + err, true));
	});

	const boot = async () => {
		if (q.has("url")) {
			const url = q.get("url");
			say("fetching " + url + " …");
			const abs = new URL(url, location.href);
			let r;
			try {
				r = await fetch(abs);
			} catch (e) {
				// The browser says no more than "failed to fetch"; what it
				// means differs across origins.
				throw new Error("fetching " + url + ": " + (abs.origin === location.origin
					? "the server cannot be reached"
					: abs.origin + " cannot be reached or does not let this page (" + location.origin + ") read it: it must answer with Access-Control-Allow-Origin (CORS, docs/web.md \"Opening an input\")") + " (" + (e.message || e) + ")");
			}
			if (!r.ok) throw new Error("fetching " + url + ": HTTP " + r.status);
			await start(baseName(abs.pathname), new Uint8Array(await r.arrayBuffer()));
		} else if (q.has("pending")) {
			const p = await unstash();
			if (p) await start(p.name, p.bytes);
		} else if (q.has("builtin")) {
			await start("", null);
		}
	};
	boot().catch((err) => say(String(err.message || err), true));
})();
