package io.snowflakeid.spring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;

/**
 * Writes the starter's {@code additional-spring-configuration-metadata.json} from the settings table: one entry per
 * row, in the table's order, then the file's entries that are no row's and the rest of the file (hints, groups) as
 * they are. The JSON is written by hand, two spaces an indent, so that the committed file is this text exactly.
 */
final class AdditionalMetadata {

	private AdditionalMetadata() {
	}

	@SuppressWarnings("unchecked")
	static String written(List<Setting<?>> rows, Map<String, Object> current) {
		List<Object> properties = new ArrayList<>();
		List<String> keys = new ArrayList<>();
		for (Setting<?> row : rows) {
			properties.add(entry(row));
			keys.add(row.key());
		}
		for (Object property : (List<Object>) current.getOrDefault("properties", List.of())) {
			String name = (String) ((Map<String, Object>) property).get("name");
			// an entry under the lease's or segment mode's prefix is a row's or was one: a removed row's goes
			if (!keys.contains(name) && !name.startsWith(Settings.LEASE_GROUP) && !name.startsWith(Settings.SEGMENT_GROUP)) {
				properties.add(property);
			}
		}
		Map<String, Object> file = new LinkedHashMap<>();
		file.put("properties", properties);
		for (Map.Entry<String, Object> rest : current.entrySet()) {
			if (!rest.getKey().equals("properties")) {
				file.put(rest.getKey(), rest.getValue());
			}
		}
		StringBuilder json = new StringBuilder();
		write(file, "", json);
		return json.append('\n').toString();
	}

	/** A row's entry: numbers and booleans as JSON values, every other default as the setting's text. */
	private static Map<String, Object> entry(Setting<?> row) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("name", row.key());
		entry.put("type", row.type().getName());
		entry.put("description", row.description());
		Object value = row.defaultValue();
		if (value != null) {
			entry.put("defaultValue", (value instanceof Number || value instanceof Boolean) ? value : row.defaultText());
		}
		return entry;
	}

	private static void write(Object value, String indent, StringBuilder json) {
		if (value instanceof Map<?, ?> map) {
			json.append("{\n");
			String inner = indent + "  ";
			int i = 0;
			for (Map.Entry<?, ?> member : map.entrySet()) {
				json.append(inner);
				string(member.getKey().toString(), json);
				json.append(": ");
				write(member.getValue(), inner, json);
				json.append((++i < map.size()) ? ",\n" : "\n");
			}
			json.append(indent).append('}');
		}
		else if (value instanceof List<?> list) {
			if (list.isEmpty()) {
				json.append("[]");
				return;
			}
			json.append("[\n");
			String inner = indent + "  ";
			for (int i = 0; i < list.size(); i++) {
				json.append(inner);
				write(list.get(i), inner, json);
				json.append((i + 1 < list.size()) ? ",\n" : "\n");
			}
			json.append(indent).append(']');
		}
		else if (value instanceof Number || value instanceof Boolean) {
			json.append(value);
		}
		else if (value == null) {
			json.append("null");
		}
		else {
			string(value.toString(), json);
		}
	}

	private static void string(String text, StringBuilder json) {
		json.append('"');
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> json.append("\\\"");
				case '\\' -> json.append("\\\\");
				case '\n' -> json.append("\\n");
				case '\t' -> json.append("\\t");
				default -> {
					if (c < 0x20) {
						json.append(String.format("\\u%04x", (int) c));
					}
					else {
						json.append(c);
					}
				}
			}
		}
		json.append('"');
	}
}
