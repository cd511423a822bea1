// sapper serve's one script: a run's progress from its event stream, and
// "add another" for flags that repeat. The pages work without it.
"use strict";

function streamResult(section) {
	const bar = section.querySelector(".progress");
	const count = bar.querySelector(".count");
	const meter = bar.querySelector("progress");
	section.querySelector(".noscript").hidden = true;
	bar.hidden = false;
	const source = new EventSource(section.dataset.events);
	source.addEventListener("progress", (e) => {
		const p = JSON.parse(e.data);
		const done = p.done.toLocaleString("en-US");
		if (p.total) {
			meter.max = p.total;
			meter.value = p.done;
			count.textContent = done + " / " + p.total.toLocaleString("en-US") + " " + p.unit;
		} else {
			meter.removeAttribute("value");
			count.textContent = (p.unit ? done + " " + p.unit : "running") + "…";
		}
	});
	// The stream ends with one of these; closing it first keeps the
	// browser from reconnecting, which would run the attack again.
	source.addEventListener("result", (e) => {
		source.close();
		section.innerHTML = e.data;
	});
	source.addEventListener("failure", (e) => {
		source.close();
		section.textContent = "";
		const p = document.createElement("p");
		p.className = "error";
		p.setAttribute("role", "alert");
		p.textContent = e.data;
		section.append(p);
	});
	source.onerror = () => {
		source.close();
		count.textContent = "the server did not run it (busy, or stopped); reload the page to try again";
	};
}

function repeatable(field) {
	const button = field.querySelector("button.more");
	button.hidden = false;
	button.addEventListener("click", () => {
		const inputs = field.querySelectorAll("input[type=text]");
		const last = inputs[inputs.length - 1];
		const copy = last.cloneNode();
		copy.value = "";
		copy.removeAttribute("id");
		last.after(copy);
		copy.focus();
	});
}

document.querySelectorAll("section[data-events]").forEach(streamResult);
document.querySelectorAll(".field").forEach((f) => {
	if (f.querySelector("button.more")) {
		repeatable(f);
	}
});
