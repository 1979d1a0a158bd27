package io.snowflakeid.spring.publicid;

import java.util.Locale;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import io.snowflakeid.spring.internal.PropertyBinding;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Opaque public ids: a {@link PublicIdCodec} bean from {@code snowflake.public-id.*} when at least one key is set,
 * and the Jackson modules that write and read {@code @PublicId} properties as tokens (Jackson 3 for Spring Boot 4,
 * Jackson 2 for 3.5). The codec knows the layout of the application's {@link SnowflakeIdGenerator}, if there is
 * one, and refuses ids outside it. Without a key there is no codec, and {@code @PublicId} in the application's
 * packages fails the start. Spring MVC parameters: {@link SnowflakePublicIdWebMvcAutoConfiguration}, WebFlux ones:
 * {@link SnowflakePublicIdWebFluxAutoConfiguration}; without them (excluded, or no codec), a handler method with a
 * {@code @PublicId} parameter fails the start (naming it and the missing auto-configuration), never reads a raw id.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@EnableConfigurationProperties(SnowflakePublicIdProperties.class)
public final class SnowflakePublicIdAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@Conditional(OnPublicIdKeysCondition.class)
	static class CodecConfiguration {

		@Bean
		@ConditionalOnMissingBean
		PublicIdCodec publicIdCodec(SnowflakePublicIdProperties properties,
				ObjectProvider<SnowflakeIdGenerator> generator, ListableBeanFactory beanFactory,
				Environment environment) {
			// snowflake.public-id.* read as plain Hibernate and Quarkus read them (PublicIdCodec.fromSettings): the
			// rows bound by their keys, the keys (a family, one per version) from the properties bean
			Map<String, Object> settings = PropertyBinding.moduleSettings(beanFactory, environment,
					Settings.PUBLIC_ID_GROUP);
			properties.getKeys().forEach((version, key) -> settings.put(PublicIdCodec.KEYS + "." + version, key));
			SnowflakeIdGenerator ids = generator.getIfUnique();
			return PublicIdCodec.fromSettings(settings, (ids != null) ? ids.layout() : null)
				.orElseThrow(() -> new IllegalStateException("No " + PublicIdCodec.KEYS + ".* key bound, though "
						+ "the condition found one"));
		}
	}

	/**
	 * Every @PublicId("domain") of the application checked at start, not in its first request: with the codec of the
	 * keys or the application's own (without one it searches nothing).
	 */
	@Bean
	static PublicIdDomainCheck publicIdDomainCheck(BeanFactory beanFactory) {
		return new PublicIdDomainCheck(beanFactory);
	}

	/**
	 * The Jackson modules, with the codec where there is one (the keys', or the application's own {@code PublicIdCodec}
	 * bean; several without a {@code @Primary} one count as none), and refusing every {@code @PublicId} property where
	 * there is none: the start refuses the annotation without a key only in the application's packages, and a DTO
	 * outside them must not go out with its raw id. The codec is asked for when Jackson first meets a
	 * {@code @PublicId}: a codec bean may itself need the mapper.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "tools.jackson.databind.JacksonModule")
	static class Jackson3Configuration {

		@Bean
		@ConditionalOnMissingBean
		PublicIdJackson3Module publicIdJackson3Module(ObjectProvider<PublicIdCodec> codec) {
			return new PublicIdJackson3Module(codec::getIfUnique); // asked for late: a codec bean may need the mapper
		}

		/** The application's own mapper beans too (Boot's Jackson auto-configuration backs off for them). */
		@Bean
		static BeanPostProcessor publicIdJackson3MapperPostProcessor(ObjectProvider<PublicIdJackson3Module> module,
				ListableBeanFactory beans) {
			return new PublicIdJackson3MapperPostProcessor(module, beans);
		}
	}

	/** Spring Boot 3.5's Jackson 2, as {@link Jackson3Configuration}: delete with the {@code boot3} package. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "com.fasterxml.jackson.databind.Module")
	static class Jackson2Configuration {

		@Bean
		@ConditionalOnMissingBean
		PublicIdJackson2Module publicIdJackson2Module(ObjectProvider<PublicIdCodec> codec) {
			return new PublicIdJackson2Module(codec::getIfUnique); // asked for late: a codec bean may need the mapper
		}

		/** The application's own mapper beans too (Boot's Jackson auto-configuration backs off for them). */
		@Bean
		static BeanPostProcessor publicIdJackson2MapperPostProcessor(ObjectProvider<PublicIdJackson2Module> module,
				ListableBeanFactory beans) {
			return new PublicIdJackson2MapperPostProcessor(module, beans);
		}
	}

	/**
	 * Spring MVC handler methods with {@code @PublicId} parameters stop the start when the public-id resolver is not
	 * registered ({@link SnowflakePublicIdWebMvcAutoConfiguration} excluded or backed off): registered here, so that
	 * the refusal does not go away with the configuration it guards. Only with Spring MVC on the class path.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter")
	static class WebMvcResolverCheckConfiguration {

		@Bean
		static PublicIdResolverAbsentCheck publicIdWebMvcResolverAbsentCheck(ListableBeanFactory beans) {
			return new PublicIdResolverAbsentCheck("Spring MVC", SnowflakePublicIdWebMvcAutoConfiguration.class, beans,
					() -> SnowflakePublicIdWebMvcAutoConfiguration.handlerMethods(beans),
					() -> SnowflakePublicIdWebMvcAutoConfiguration.resolverRegistered(beans));
		}
	}

	/** The same for WebFlux ({@link SnowflakePublicIdWebFluxAutoConfiguration}), with WebFlux on the class path. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerAdapter")
	static class WebFluxResolverCheckConfiguration {

		@Bean
		static PublicIdResolverAbsentCheck publicIdWebFluxResolverAbsentCheck(ListableBeanFactory beans) {
			return new PublicIdResolverAbsentCheck("WebFlux", SnowflakePublicIdWebFluxAutoConfiguration.class, beans,
					() -> SnowflakePublicIdWebFluxAutoConfiguration.handlerMethods(beans),
					() -> SnowflakePublicIdWebFluxAutoConfiguration.resolverRegistered(beans));
		}
	}

	/**
	 * Boot masks every value of the {@code env} and {@code configprops} endpoints only while their
	 * {@code show-values} is {@code never}; shown for other properties, the keys must stay hidden. By name, any form
	 * of it: {@code snowflake.public-id.keys.1}, {@code keys[A]}, {@code SNOWFLAKE_PUBLICID_KEYS_1}. And by value:
	 * with {@code keys.1=${PUBLIC_ID_KEY_1}} the env endpoint also lists the environment variable
	 * {@code PUBLIC_ID_KEY_1} under its own name, which no name rule can know; so any entry whose value contains a
	 * configured key is masked, whatever its name and property source.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.SanitizingFunction")
	static class KeysSanitizingConfiguration {

		/** Shorter values are not keys (a key is 16 bytes or more: 22+ base64 characters); never mask "" everywhere. */
		private static final int SHORTEST_KEY_TEXT = 16;

		@Bean
		SanitizingFunction snowflakePublicIdKeysSanitizer(ObjectProvider<SnowflakePublicIdProperties> properties) {
			return (data) -> (isKey(data.getKey()) || holdsKey(data.getValue(), properties.getIfAvailable()))
					? data.withSanitizedValue() : data;
		}

		static boolean holdsKey(Object value, SnowflakePublicIdProperties properties) {
			if (value == null || properties == null) {
				return false;
			}
			String text = value.toString();
			for (String key : properties.getKeys().values()) {
				String trimmed = (key != null) ? key.trim() : "";
				if (trimmed.length() >= SHORTEST_KEY_TEXT && text.contains(trimmed)) {
					return true;
				}
			}
			return false;
		}

		static boolean isKey(String name) {
			return name != null && name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT)
				.startsWith("snowflakepublicidkeys");
		}
	}

	/**
	 * Spring for GraphQL reads properties itself: {@code @PublicId} fields go out as tokens through an
	 * {@code Instrumentation} (Boot's GraphQL auto-configuration adds every such bean; other engines get it from the
	 * post-processor), refused without a codec; and
	 * controller arguments it binds itself, where {@code @PublicId} is refused at start.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "graphql.execution.instrumentation.Instrumentation",
			"org.springframework.graphql.data.method.annotation.SchemaMapping" })
	static class GraphQlConfiguration {

		@Bean
		@ConditionalOnMissingBean
		PublicIdGraphQlInstrumentation publicIdGraphQlInstrumentation(ObjectProvider<PublicIdCodec> codec) {
			return new PublicIdGraphQlInstrumentation(codec::getIfUnique);
		}

		/** Engines built past Boot's chain of Instrumentation beans (a customizer's own, the application's). */
		@Bean
		static PublicIdGraphQlSourcePostProcessor publicIdGraphQlSourcePostProcessor(
				ObjectProvider<PublicIdGraphQlInstrumentation> instrumentation) {
			return new PublicIdGraphQlSourcePostProcessor(instrumentation);
		}

		/** Pagination cursors, which hold the sort keys of a row (its raw id among them), sealed with the keys. */
		@Bean
		static PublicIdCursorStrategyPostProcessor publicIdCursorStrategyPostProcessor(ObjectProvider<PublicIdCodec> codec) {
			return new PublicIdCursorStrategyPostProcessor(codec);
		}

		/** A cursor that does not open is the client's error (BAD_REQUEST), not an internal one logged at ERROR. */
		@Bean
		PublicIdCursorStrategyPostProcessor.InvalidCursorResolver publicIdInvalidCursorResolver() {
			return new PublicIdCursorStrategyPostProcessor.InvalidCursorResolver();
		}

		@Bean
		static PublicIdGraphQlControllersCheck publicIdGraphQlControllersCheck(ListableBeanFactory beans) {
			return new PublicIdGraphQlControllersCheck(beans);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(NoKeys.class)
	static class WithoutKeysConfiguration {

		@Bean
		static PublicIdWithoutKeysCheck publicIdWithoutKeysCheck(BeanFactory beanFactory) {
			return new PublicIdWithoutKeysCheck(beanFactory);
		}
	}

	static final class NoKeys extends NoneNestedConditions {

		NoKeys() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@Conditional(OnPublicIdKeysCondition.class)
		static class Keys {

		}
	}
}
