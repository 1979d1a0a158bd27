package io.snowflakeid.spring;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.publicid.PublicIdAlphabet;
import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata IDEs read: every property the starter reads has a default (except the ids each
 * instance must set itself), every property with a fixed set of values has value hints, and the health switch
 * the configuration reference lists is there. The reference itself, {@code docs/configuration.md}, has a row for every
 * {@code snowflake.*} property of the metadata and none for a property that does not exist.
 */
class SnowflakeConfigurationMetadataTests {

	// The ZooKeeper connect string has none: an application Curator bean may stand in for it; snowflake.redis.uri
	// neither: without it the application's RedisConnectionFactory is used.
	private static final Set<String> NO_DEFAULT_BY_DESIGN = Set.of("snowflake.datacenter-id", "snowflake.worker-id",
			"snowflake.zookeeper.connect-string", "snowflake.redis.uri",
			// public ids: keys are secrets (no key, no codec); the current version defaults to the only key
			"snowflake.public-id.keys", "snowflake.public-id.current-version",
			// a secret, optional: without it the nodes get the ACL provider's (or open) ACLs
			"snowflake.zookeeper.auth",
			// unset, a width is the preset's (a default of 41/5/5/12 would be wrong for javascript-safe)
			"snowflake.layout.timestamp-bits", "snowflake.layout.datacenter-bits", "snowflake.layout.worker-bits",
			"snowflake.layout.sequence-bits",
			// unset, a dynamic step grows to 100 x the configured step
			"snowflake.segment.max-step");

	@SuppressWarnings("unchecked")
	private static Map<String, Object> metadata() throws IOException {
		try (InputStream in = SnowflakeConfigurationMetadataTests.class.getClassLoader()
			.getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
			assertThat(in).as("generated metadata on the class path").isNotNull();
			return JsonParserFactory.getJsonParser().parseMap(new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> list(String name) throws IOException {
		return (List<Map<String, Object>>) metadata().getOrDefault(name, List.of());
	}

	@Test
	void everySnowflakePropertyHasADefaultExceptThePerInstanceIds() throws IOException {
		Set<String> withoutDefault = new TreeSet<>();
		for (Map<String, Object> property : list("properties")) {
			String name = (String) property.get("name");
			if (name.startsWith("snowflake.") && !property.containsKey("defaultValue")) {
				withoutDefault.add(name);
			}
		}
		assertThat(withoutDefault).isEqualTo(NO_DEFAULT_BY_DESIGN);
	}

	@Test
	void enumeratedPropertiesOfferTheirValues() throws IOException {
		Map<String, Set<String>> hints = new java.util.TreeMap<>();
		for (Map<String, Object> hint : list("hints")) {
			Set<String> values = new TreeSet<>();
			for (Object value : (List<?>) hint.get("values")) {
				values.add((String) ((Map<?, ?>) value).get("value"));
			}
			hints.put((String) hint.get("name"), values);
		}
		assertThat(hints).containsEntry("snowflake.layout.preset", Set.of("classic", "javascript-safe"))
			.containsEntry("snowflake.worker-assignment",
					Set.of("auto", "static", "database-lease", "hostname-ordinal", "ip-address", "zookeeper", "redis"))
			.containsEntry("snowflake.schema-check", Set.of("fail", "warn", "off"))
			.containsEntry("snowflake.public-id.alphabet", java.util.Arrays.stream(PublicIdAlphabet.values())
				.map(PublicIdAlphabet::settingValue)
				.collect(java.util.stream.Collectors.toSet()))
			.containsEntry("snowflake.public-id.alphabet", Set.of("base62", "decimal", "crockford-base32"));
	}

	/** A property is documented when docs/configuration.md has a table row starting with its name. */
	@Test
	void everyPropertyHasARowInTheConfigurationReference() throws IOException {
		String reference = Docs.read("configuration.md");
		Set<String> missing = new TreeSet<>();
		for (String name : documentedNames()) {
			if (!reference.contains("| `" + name + "`") && !reference.contains("| `" + name + ".<")) {
				missing.add(name);
			}
		}
		assertThat(missing).as("properties without a row in docs/configuration.md").isEmpty();
	}

	@Test
	void everyRowOfTheConfigurationReferenceIsAProperty() throws IOException {
		Set<String> names = documentedNames();
		Set<String> unknown = new TreeSet<>();
		Matcher row = Pattern.compile("(?m)^\\| `((?:snowflake|management)\\.[^`<]*?)(?:\\.<[^`]*>)?` \\|")
			.matcher(Docs.read("configuration.md"));
		while (row.find()) {
			if (!names.contains(row.group(1))) {
				unknown.add(row.group(1));
			}
		}
		assertThat(unknown).as("rows of docs/configuration.md that name no property").isEmpty();
	}

	/** The properties the configuration reference must list: every snowflake.* one, and the health switch. */
	private static Set<String> documentedNames() throws IOException {
		Set<String> names = new TreeSet<>();
		for (Map<String, Object> property : list("properties")) {
			String name = (String) property.get("name");
			if (name.startsWith("snowflake.") || name.equals("management.health.snowflake.enabled")) {
				names.add(name);
			}
		}
		assertThat(names).as("snowflake properties in the metadata").hasSizeGreaterThan(40);
		return names;
	}

	@Test
	void theHealthSwitchTheReferenceListsIsDescribed() throws IOException {
		assertThat(list("properties")).anySatisfy((property) -> {
			assertThat(property.get("name")).isEqualTo("management.health.snowflake.enabled");
			assertThat(property.get("defaultValue")).isEqualTo(true);
			assertThat((String) property.get("description")).isNotBlank();
		});
	}
}
