package io.snowflakeid.benchmarks;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A grouped bar chart (SVG, no dependencies) of JPA insert rows/s per strategy, one group per database. */
final class InsertChart {

	private static final List<String> COLORS = List.of("#1f77b4", "#d62728", "#ff7f0e", "#9467bd", "#8c564b",
			"#2ca02c");

	private InsertChart() {
	}

	static String svg(Map<String, Map<String, double[]>> byDatabase) {
		List<String> strategies = List.copyOf(byDatabase.values().iterator().next().keySet());
		double max = byDatabase.values().stream().flatMap((m) -> m.values().stream())
			.mapToDouble((v) -> v[0]).max().orElse(1);
		int bar = 22;
		int gap = 40;
		int groupWidth = strategies.size() * bar + gap;
		int left = 70;
		int top = 40;
		int height = 300;
		int width = left + byDatabase.size() * groupWidth + 220;
		StringBuilder svg = new StringBuilder();
		svg.append(String.format(Locale.ROOT,
				"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
				width, top + height + 50));
		svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
		svg.append(String.format(Locale.ROOT,
				"<text x=\"%d\" y=\"20\" font-size=\"14\">JPA inserts: rows/s (median of 5 runs of 100,000 rows)</text>%n", left));
		for (int i = 0; i <= 4; i++) {
			double value = max * i / 4;
			int y = top + height - (int) (height * i / 4.0);
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%,.0fk</text>%n",
					left, y, left + byDatabase.size() * groupWidth, y, left - 5, y + 4, value / 1000));
		}
		int group = 0;
		for (Map.Entry<String, Map<String, double[]>> database : byDatabase.entrySet()) {
			int x0 = left + group * groupWidth + gap / 2;
			for (int s = 0; s < strategies.size(); s++) {
				double[] value = database.getValue().get(strategies.get(s));
				if (value == null) {
					continue;
				}
				int h = (int) Math.round(height * value[0] / max);
				svg.append(String.format(Locale.ROOT,
						"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s %s: %,.0f rows/s</title></rect>%n",
						x0 + s * bar, top + height - h, bar - 2, h, COLORS.get(s % COLORS.size()), database.getKey(),
						strategies.get(s), value[0]));
			}
			svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
					x0 + strategies.size() * bar / 2, top + height + 18, database.getKey()));
			group++;
		}
		int legendX = left + byDatabase.size() * groupWidth + 20;
		for (int s = 0; s < strategies.size(); s++) {
			svg.append(String.format(Locale.ROOT,
					"<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>%n",
					legendX, top + s * 20, COLORS.get(s % COLORS.size()), legendX + 18, top + s * 20 + 11,
					escape(strategies.get(s))));
		}
		return svg.append("</svg>\n").toString();
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;");
	}
}
