"""Minimal ELF32 little-endian reader: symbols, loadable segments, sections.

Enough for the firmware tools (fwrun.py, tools/unicorn/xcheck.py) without
depending on pyelftools or binutils. ELF: System V gABI, chapter 4.
"""
import struct


class Elf32:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1:
            raise ValueError(path + ": not a little-endian ELF32 file")
        (self.e_type, self.e_machine, _, self.entry, self.phoff, self.shoff, _,
         _, self.phentsize, self.phnum, self.shentsize, self.shnum,
         self.shstrndx) = struct.unpack_from("<HHIIIIIHHHHHH", d, 16)
        self.sections = [self._section(i) for i in range(self.shnum)]
        names = self.sections[self.shstrndx] if self.shnum else None
        for s in self.sections:
            s["name"] = self._cstr(names["offset"] + s["name_index"]) if names else ""

    def _cstr(self, off):
        end = self.data.index(b"\0", off)
        return self.data[off:end].decode("utf-8", "replace")

    def _section(self, i):
        (name, stype, flags, addr, offset, size, link, info, align,
         entsize) = struct.unpack_from("<IIIIIIIIII", self.data, self.shoff + i * self.shentsize)
        return {"name_index": name, "type": stype, "flags": flags, "addr": addr,
                "offset": offset, "size": size, "link": link, "entsize": entsize}

    def symbols(self, only_functions=False):
        """{name: value} of every named symbol (functions keep the Thumb bit);
        only STT_FUNC symbols when only_functions."""
        out = {}
        for s in self.sections:
            if s["type"] != 2:  # SHT_SYMTAB
                continue
            strtab = self.sections[s["link"]]
            for i in range(s["size"] // 16):
                name, value, size, info, other, shndx = struct.unpack_from(
                    "<IIIBBH", self.data, s["offset"] + i * 16)
                if name and (not only_functions or (info & 0xF) == 2):
                    out[self._cstr(strtab["offset"] + name)] = value
        return out

    def segments(self):
        """[(vaddr, paddr, file bytes, memsz)] of the PT_LOAD segments."""
        out = []
        for i in range(self.phnum):
            ptype, offset, vaddr, paddr, filesz, memsz, flags, align = struct.unpack_from(
                "<IIIIIIII", self.data, self.phoff + i * self.phentsize)
            if ptype == 1:
                out.append((vaddr, paddr, self.data[offset:offset + filesz], memsz))
        return out
