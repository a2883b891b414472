// memfs: the file system the viewer sees in a browser. Go's os package
// under GOOS=js calls a Node-style `fs` object (syscall/fs_js.go); this one
// keeps files in memory. The opened input is put here before the viewer
// starts; files written under /home (the viewer's settings, bookmarks) are
// kept in the browser's localStorage and put back at the next visit.
"use strict";
(() => {
	const S_IFREG = 0o100000, S_IFDIR = 0o040000;
	const C = { O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
	const keep = "/home/";
	const storeKey = "glidepath:file:";
	const nodes = new Map(); // path -> {dir:true} | {data:Uint8Array, size}
	const fds = new Map();
	let nextFD = 10, ino = 1;
	const now = () => Date.now();
	const err = (code) => { const e = new Error(code); e.code = code; return e; };
	const norm = (p) => {
		const out = [];
		for (const s of String(p).split("/")) {
			if (s === "" || s === ".") continue;
			if (s === "..") out.pop(); else out.push(s);
		}
		return "/" + out.join("/");
	};
	const parent = (p) => norm(p + "/..");
	const mkdirs = (p) => {
		p = norm(p);
		if (nodes.has(p)) return;
		if (p !== "/") mkdirs(parent(p));
		nodes.set(p, { dir: true, ino: ino++, mtime: now() });
	};
	mkdirs("/");
	const toB64 = (u8) => { let s = ""; for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000)); return btoa(s); };
	const fromB64 = (b) => { const s = atob(b); const u = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i); return u; };
	const persist = (p) => {
		if (!p.startsWith(keep)) return;
		try {
			const n = nodes.get(p);
			if (n && !n.dir) localStorage.setItem(storeKey + p, toB64(n.data.subarray(0, n.size)));
			else localStorage.removeItem(storeKey + p);
		} catch (e) { console.warn("glidepath: settings not kept in the browser's storage: " + e); }
	};
	const putFile = (p, data) => {
		p = norm(p);
		mkdirs(parent(p));
		nodes.set(p, { data, size: data.length, ino: ino++, mtime: now() });
	};
	try {
		for (let i = 0; i < localStorage.length; i++) {
			const k = localStorage.key(i);
			if (k.startsWith(storeKey)) putFile(k.slice(storeKey.length), fromB64(localStorage.getItem(k)));
		}
	} catch (e) { console.warn("glidepath: the browser's storage cannot be read: " + e); }
	const stat = (n) => ({
		dev: 1, ino: n.ino, mode: n.dir ? S_IFDIR | 0o755 : S_IFREG | 0o644, nlink: 1, uid: 0, gid: 0, rdev: 0,
		size: n.dir ? 0 : n.size, blksize: 4096, blocks: n.dir ? 0 : Math.ceil(n.size / 512),
		atimeMs: n.mtime, mtimeMs: n.mtime, ctimeMs: n.mtime,
		isDirectory: () => !!n.dir,
	});
	const grow = (n, end) => {
		if (end <= n.data.length) return;
		const d = new Uint8Array(Math.max(end, n.data.length * 2, 4096));
		d.set(n.data.subarray(0, n.size));
		n.data = d;
	};
	const later = (cb, e, v) => queueMicrotask(() => cb(e, v));
	const dec = new TextDecoder("utf-8");
	let line = { 1: "", 2: "" };
	// The last lines the viewer wrote to stderr, for the page to show when
	// it exits with an error (loader.js).
	const errLines = [];
	const fs = {
		constants: C,
		writeSync(fd, buf) {
			if (fd === 1 || fd === 2) {
				line[fd] += dec.decode(buf);
				const nl = line[fd].lastIndexOf("\n");
				if (nl !== -1) {
					const text = line[fd].slice(0, nl);
					console.log(text);
					if (fd === 2) { errLines.push(...text.split("\n")); errLines.splice(0, errLines.length - 5); }
					line[fd] = line[fd].slice(nl + 1);
				}
				return buf.length;
			}
			throw err("EBADF");
		},
		write(fd, buf, off, len, pos, cb) {
			if (fd === 1 || fd === 2) { later(cb, null, fs.writeSync(fd, buf.subarray(off, off + len))); return; }
			const f = fds.get(fd);
			if (!f || !f.write) { later(cb, err("EBADF")); return; }
			const n = nodes.get(f.path);
			let at = pos == null ? f.pos : pos;
			if (f.append) at = n.size;
			grow(n, at + len);
			n.data.set(buf.subarray(off, off + len), at);
			n.size = Math.max(n.size, at + len);
			n.mtime = now();
			if (pos == null) f.pos = at + len;
			f.dirty = true;
			later(cb, null, len);
		},
		read(fd, buf, off, len, pos, cb) {
			const f = fds.get(fd);
			if (!f) { later(cb, err("EBADF")); return; }
			const n = nodes.get(f.path);
			if (!n || n.dir) { later(cb, err("EISDIR")); return; }
			const at = pos == null ? f.pos : pos;
			const k = Math.max(0, Math.min(len, n.size - at));
			buf.set(n.data.subarray(at, at + k), off);
			if (pos == null) f.pos = at + k;
			later(cb, null, k);
		},
		open(path, flags, mode, cb) {
			const p = norm(path);
			let n = nodes.get(p);
			if (n && (flags & C.O_CREAT) && (flags & C.O_EXCL)) { later(cb, err("EEXIST")); return; }
			if (!n) {
				if (!(flags & C.O_CREAT)) { later(cb, err("ENOENT")); return; }
				const d = nodes.get(parent(p));
				if (!d || !d.dir) { later(cb, err("ENOENT")); return; }
				n = { data: new Uint8Array(0), size: 0, ino: ino++, mtime: now() };
				nodes.set(p, n);
			}
			const acc = flags & 3;
			if (n.dir && acc !== C.O_RDONLY) { later(cb, err("EISDIR")); return; }
			if ((flags & C.O_DIRECTORY) && !n.dir) { later(cb, err("ENOTDIR")); return; }
			if ((flags & C.O_TRUNC) && !n.dir) { n.size = 0; n.mtime = now(); }
			const fd = nextFD++;
			fds.set(fd, { path: p, pos: 0, write: acc !== C.O_RDONLY, append: !!(flags & C.O_APPEND), dirty: !!(flags & C.O_TRUNC) });
			later(cb, null, fd);
		},
		close(fd, cb) {
			const f = fds.get(fd);
			if (!f) { later(cb, err("EBADF")); return; }
			fds.delete(fd);
			if (f.dirty) persist(f.path);
			later(cb, null);
		},
		fsync(fd, cb) { const f = fds.get(fd); if (f && f.dirty) persist(f.path); later(cb, null); },
		fstat(fd, cb) {
			const f = fds.get(fd);
			if (!f) { later(cb, err("EBADF")); return; }
			const n = nodes.get(f.path);
			if (!n) { later(cb, err("ENOENT")); return; }
			later(cb, null, stat(n));
		},
		stat(path, cb) { const n = nodes.get(norm(path)); if (!n) later(cb, err("ENOENT")); else later(cb, null, stat(n)); },
		lstat(path, cb) { fs.stat(path, cb); },
		readdir(path, cb) {
			const p = norm(path), n = nodes.get(p);
			if (!n) { later(cb, err("ENOENT")); return; }
			if (!n.dir) { later(cb, err("ENOTDIR")); return; }
			const pre = p === "/" ? "/" : p + "/";
			const names = [];
			for (const k of nodes.keys()) if (k !== p && k.startsWith(pre) && !k.slice(pre.length).includes("/")) names.push(k.slice(pre.length));
			later(cb, null, names.sort());
		},
		mkdir(path, perm, cb) {
			const p = norm(path);
			if (nodes.has(p)) { later(cb, err("EEXIST")); return; }
			const d = nodes.get(parent(p));
			if (!d || !d.dir) { later(cb, err("ENOENT")); return; }
			nodes.set(p, { dir: true, ino: ino++, mtime: now() });
			later(cb, null);
		},
		unlink(path, cb) {
			const p = norm(path), n = nodes.get(p);
			if (!n) { later(cb, err("ENOENT")); return; }
			if (n.dir) { later(cb, err("EISDIR")); return; }
			nodes.delete(p); persist(p); later(cb, null);
		},
		rmdir(path, cb) {
			const p = norm(path), n = nodes.get(p);
			if (!n) { later(cb, err("ENOENT")); return; }
			if (!n.dir) { later(cb, err("ENOTDIR")); return; }
			const pre = p + "/";
			for (const k of nodes.keys()) if (k.startsWith(pre)) { later(cb, err("ENOTEMPTY")); return; }
			nodes.delete(p); later(cb, null);
		},
		rename(from, to, cb) {
			const a = norm(from), b = norm(to), n = nodes.get(a);
			if (!n) { later(cb, err("ENOENT")); return; }
			if (!nodes.get(parent(b))) { later(cb, err("ENOENT")); return; }
			const pre = a + "/";
			for (const [k, v] of [...nodes]) if (k.startsWith(pre)) { nodes.delete(k); nodes.set(b + "/" + k.slice(pre.length), v); }
			nodes.delete(a); nodes.set(b, n);
			persist(a); persist(b);
			later(cb, null);
		},
		ftruncate(fd, length, cb) {
			const f = fds.get(fd), n = f && nodes.get(f.path);
			if (!n) { later(cb, err("EBADF")); return; }
			grow(n, length); if (length > n.size) n.data.fill(0, n.size, length); n.size = length; f.dirty = true; later(cb, null);
		},
		truncate(path, length, cb) {
			const n = nodes.get(norm(path));
			if (!n) { later(cb, err("ENOENT")); return; }
			grow(n, length); n.size = length; persist(norm(path)); later(cb, null);
		},
		chmod(p, m, cb) { later(cb, null); }, fchmod(fd, m, cb) { later(cb, null); },
		chown(p, u, g, cb) { later(cb, null); }, fchown(fd, u, g, cb) { later(cb, null); }, lchown(p, u, g, cb) { later(cb, null); },
		utimes(p, a, m, cb) { const n = nodes.get(norm(p)); if (n) n.mtime = m * 1000; later(cb, n ? null : err("ENOENT")); },
		readlink(p, cb) { later(cb, err("EINVAL")); },
		link(p, l, cb) { later(cb, err("ENOSYS")); },
		symlink(p, l, cb) { later(cb, err("ENOSYS")); },
	};
	let cwd = "/";
	globalThis.fs = fs;
	globalThis.process = {
		getuid() { return 0; }, getgid() { return 0; }, geteuid() { return 0; }, getegid() { return 0; },
		getgroups() { return []; }, pid: 1, ppid: 0, umask() { return 0o022; },
		cwd() { return cwd; },
		chdir(p) { const q = norm(p.startsWith("/") ? p : cwd + "/" + p); const n = nodes.get(q); if (!n || !n.dir) throw err("ENOENT"); cwd = q; },
	};
	// lastErrors is what the viewer last wrote to stderr (at most five
	// lines), with a line not yet ended.
	const lastErrors = () => errLines.concat(line[2] ? [line[2]] : []).join("\n");
	globalThis.glidepathFS = { putFile, mkdirs, norm, lastErrors };
})();
