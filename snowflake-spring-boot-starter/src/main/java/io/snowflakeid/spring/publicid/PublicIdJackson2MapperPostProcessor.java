package io.snowflakeid.spring.publicid;

import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import io.snowflakeid.hibernate.internal.PublicIdJson;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Jackson 2 twin of {@code PublicIdJackson3MapperPostProcessor}: Boot registers {@code Module} beans only into the
 * {@code ObjectMapper} it builds itself, so an application's own {@code ObjectMapper} bean would write every
 * {@code @PublicId} raw. Jackson 2 mappers are mutable: the module is registered into every mapper bean that does not
 * have it yet. Mappers made with {@code new ObjectMapper()} outside the context are out of reach. Spring Boot 3.5's
 * Jackson 2: delete with the {@code boot3} package (here, package-private, rather than a public type there).
 */
final class PublicIdJackson2MapperPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<PublicIdJackson2Module> module;

	/** Where public ids are in use (a codec bean): a mapper that cannot get the module then stops the start. */
	private final ListableBeanFactory beans;

	PublicIdJackson2MapperPostProcessor(ObjectProvider<PublicIdJackson2Module> module,
			ListableBeanFactory beans) {
		this.module = module;
		this.beans = beans;
	}

	/** Whether the context defines a codec, from its definitions: creating it here could need the mapper itself. */
	private boolean codecDefined() {
		return BeanFactoryUtils.beanNamesForTypeIncludingAncestors(this.beans, PublicIdCodec.class, true, false).length > 0;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof ObjectMapper mapper && !codecDefined()) {
			// no key: the refusing module where the mapper sees annotations, never a refused start (no public id is
			// in use that the start could see)
			PublicIdJackson2Module module = this.module.getIfAvailable();
			if (module != null && mapper.isEnabled(MapperFeature.USE_ANNOTATIONS)
					&& !mapper.getRegisteredModuleIds().contains(module.getTypeId())) {
				mapper.registerModule(module);
			}
			return bean;
		}
		if (bean instanceof ObjectMapper mapper) {
			if (!mapper.isEnabled(MapperFeature.USE_ANNOTATIONS)) {
				throw new IllegalStateException(PublicIdJson.blind(beanName, mapper.getClass()));
			}
			PublicIdJackson2Module module = this.module.getIfAvailable();
			if (module != null && !mapper.getRegisteredModuleIds().contains(module.getTypeId())) {
				mapper.registerModule(module);
			}
			if (module != null && !PublicIdJackson2Module.isActiveIn(mapper)) {
				throw new IllegalStateException(PublicIdJson.introspectorReplaced(beanName, mapper.getClass()));
			}
		}
		return bean;
	}
}
