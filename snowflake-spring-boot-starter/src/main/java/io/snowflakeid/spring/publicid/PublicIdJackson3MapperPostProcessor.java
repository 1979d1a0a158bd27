package io.snowflakeid.spring.publicid;

import io.snowflakeid.hibernate.internal.PublicIdJson;
import io.snowflakeid.publicid.PublicIdCodec;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.cfg.MapperBuilder;

import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Boot registers {@code JacksonModule} beans only into the {@code JsonMapper} it builds itself; an application that
 * defines its own mapper bean makes that auto-configuration back off, and every {@code @PublicId} would go out raw.
 * So every Jackson 3 mapper bean of the context gets the public id module. Jackson 3 mappers are immutable: one
 * without the module is rebuilt with it ({@code rebuild()}, every other setting kept); one whose rebuilt copy would
 * not be of its own class (a subclass of the application's) stops the start, naming the bean. Mappers made with
 * {@code new}/{@code builder()} outside the context (inside a controller) are out of reach: build them with the
 * {@link PublicIdJackson3Module} bean.
 */
final class PublicIdJackson3MapperPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<PublicIdJackson3Module> module;

	/** Where public ids are in use (a codec bean): a mapper that cannot get the module then stops the start. */
	private final ListableBeanFactory beans;

	PublicIdJackson3MapperPostProcessor(ObjectProvider<PublicIdJackson3Module> module,
			ListableBeanFactory beans) {
		this.module = module;
		this.beans = beans;
	}

	/**
	 * Whether the context defines a codec, from its definitions: creating it here could need the mapper itself. Asked
	 * per mapper bean (a context has one or two; Spring caches the type lookup).
	 */
	private boolean codecDefined() {
		return BeanFactoryUtils.beanNamesForTypeIncludingAncestors(this.beans, PublicIdCodec.class, true, false).length > 0;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof ObjectMapper mapper)) {
			return bean;
		}
		if (!codecDefined()) {
			return withoutKeys(mapper);
		}
		if (!mapper.isEnabled(MapperFeature.USE_ANNOTATIONS)) {
			throw new IllegalStateException(PublicIdJson.blind(beanName, mapper.getClass()));
		}
		if (mapper.registeredModules().stream().anyMatch(PublicIdJackson3Module.class::isInstance)) {
			if (!PublicIdJackson3Module.isActiveIn(mapper)) {
				throw new IllegalStateException(PublicIdJson.introspectorReplaced(beanName, mapper.getClass()));
			}
			return bean;
		}
		PublicIdJackson3Module module = this.module.getIfAvailable();
		if (module == null) {
			return bean;
		}
		Rebuilt rebuilt = rebuild(mapper, module);
		if (rebuilt.mapper() == null) {
			throw refused(beanName, mapper, rebuilt.failure());
		}
		return rebuilt.mapper();
	}

	/**
	 * Without a codec (no key): the refusing module where the mapper can take it, so that a {@code @PublicId} of a
	 * class outside the packages the start searched fails rather than going out raw; a mapper that cannot take it is
	 * left as it is (no public id is in use that the start could see).
	 */
	private Object withoutKeys(ObjectMapper mapper) {
		PublicIdJackson3Module module = this.module.getIfAvailable();
		if (module == null || !mapper.isEnabled(MapperFeature.USE_ANNOTATIONS)
				|| mapper.registeredModules().stream().anyMatch(PublicIdJackson3Module.class::isInstance)) {
			return mapper;
		}
		Rebuilt rebuilt = rebuild(mapper, module);
		return (rebuilt.mapper() != null) ? rebuilt.mapper() : mapper;
	}

	/** The mapper rebuilt with the module, every other setting kept; or, when it cannot be, why not. */
	private record Rebuilt(ObjectMapper mapper, String failure) {
	}

	@SuppressWarnings({ "rawtypes", "unchecked" })
	private static Rebuilt rebuild(ObjectMapper mapper, PublicIdJackson3Module module) {
		ObjectMapper rebuilt;
		try {
			MapperBuilder builder = mapper.rebuild();
			rebuilt = (ObjectMapper) builder.addModule(module).build();
		}
		catch (RuntimeException ex) {
			return new Rebuilt(null, ex.getMessage());
		}
		return (rebuilt.getClass() == mapper.getClass()) ? new Rebuilt(rebuilt, null)
				: new Rebuilt(null, "its rebuilt copy would be a " + rebuilt.getClass().getName());
	}

	private static IllegalStateException refused(String beanName, ObjectMapper mapper, String why) {
		return new IllegalStateException("The Jackson mapper bean '" + beanName + "' (" + mapper.getClass().getName()
				+ ") does not have the public id module and cannot be rebuilt with it (" + why + "): its @PublicId "
				+ "properties would be written raw. Add the PublicIdJackson3Module bean to it where it is built "
				+ "(builder.addModule(module)), or build it with JsonMapper.builder()");
	}
}
